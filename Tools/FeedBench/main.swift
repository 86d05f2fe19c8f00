print("feed-bench")
