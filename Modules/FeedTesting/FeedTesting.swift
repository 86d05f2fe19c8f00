// The FeedTesting module.
