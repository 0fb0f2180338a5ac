print("linnet: not yet implemented")
