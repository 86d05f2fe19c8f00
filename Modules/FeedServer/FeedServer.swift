// The FeedServer module.
