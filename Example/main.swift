import Switchyard

print("Switchyard example")
