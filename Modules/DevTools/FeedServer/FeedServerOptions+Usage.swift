extension FeedServerOptions {
    /// The help text of `feed serve`.
    public static let usage: String = """
        Usage: feed serve [options]

        Runs the reference feed server on 127.0.0.1 until interrupted.

        Options:
          --port N              port to listen on, 0…65535; 0 picks a free port (default 8080)
          --posts N             number of posts p1…pN at start, 1…100000 (default 500)
          --seed N              seed of the data set, rankings and faults (default 1)
          --latency MS          delay every answer by MS milliseconds, 0…60000 (default 0)
          --fail-rate P         answer any request 503 with probability P, 0…1 (default 0)
          --likes-fail-rate P   answer GET /v1/likes and GET /v1/posts/like-counts 503 with probability P, 0…1 (default 0)
          --like-latency MS     delay like writes by MS more milliseconds, 0…60000 (default 0)
          --like-apply-then-fail-rate P
                                apply a like write, then answer 500 anyway, with probability P (default 0)
          --photo-latency MS    delay photos by MS more milliseconds, 0…60000 (default 0)
          --hostile-photos P    answer a share P of photo ids (0…1, by id) with garbage, a truncated JPEG,
                                a huge progressive JPEG header or a 2 s stall (default 0)
          --rate-limit N        allow N requests per second, then 429 with Retry-After: 1 (default: no limit)
          --repeat-ids K        each page after the first repeats the last K ids of the previous page, 0…99 (default 0)
          --new-posts-every S   publish a new post at the top of the feed every S seconds, 0.01…86400 (default: never)
          --others-like-every MS
                                other users like or unlike a post every MS milliseconds, 1…86400000 (default: never)
          --live-keep-alive MS  a comment on a quiet GET /v1/live every MS milliseconds (default 15000)
          --live-fault KIND     a hostile GET /v1/live: endless-line, huge-event, garbage, wild-ids, flood, silent,
                                edge-ids, control-bytes or close-at-once
          --flag KEY=BOOL       serve the flag KEY (true or false) from GET /v1/flags; repeatable
          --api DIALECT         the APIs served: both (default), feed (only /v1) or mastodon (only /api/v1, and the photos)
          --control             serve PUT /v1/control/flags {"flags":{"KEY":BOOL}} to flip flags live (default off)
          --log                 log one line per request (method, path, status, milliseconds)
          -h, --help            show this help

        Routes: GET /v1/feed, GET /v1/users/{id}/posts, GET /v1/likes, PUT|POST /v1/posts/{id}/like,
        GET /v1/feed/new-count, GET /v1/flags, GET /v1/photos/{id}.jpg, GET /openapi.json,
        GET /v1/live (Server-Sent Events), GET /v1/posts/like-counts; the Mastodon dialect: GET /api/v1/instance,
        GET /api/v1/timelines/{home|public|tag/NAME} (Link paging by max_id, min_id), GET /api/v1/statuses/{id},
        POST /api/v1/statuses/{id}/favourite|unfavourite, GET /api/v1/accounts/{id}/statuses, POST /api/v1/apps,
        POST /oauth/token (any code signs in the demo user), POST /oauth/revoke
        """
}
