// The Store module.
