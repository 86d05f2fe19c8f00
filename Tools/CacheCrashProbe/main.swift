print("cache-crash-probe")
