// Workspace rules and budgets.
