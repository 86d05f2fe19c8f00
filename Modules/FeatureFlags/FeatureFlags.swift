// The FeatureFlags module.
