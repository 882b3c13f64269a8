print("motionc")
