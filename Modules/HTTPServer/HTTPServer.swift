// The HTTPServer module: a small HTTP/1.1 server on POSIX sockets.
