print("feed")
