// The Likes module.
