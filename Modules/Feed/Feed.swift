// The Feed module.
