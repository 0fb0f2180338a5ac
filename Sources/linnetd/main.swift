print("linnetd: not yet implemented")
