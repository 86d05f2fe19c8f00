print("workspace-check")
