print("Counter")
