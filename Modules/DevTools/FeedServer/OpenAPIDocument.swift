/// The OpenAPI 3 document of the feed API, served at `GET /openapi.json`; the repository's
/// `openapi.json` holds the same bytes (a test checks it). Written by
/// `Tools/Contract/openapi-to-swift.py` from `openapi.json`: edit that file, then run the script.
enum OpenAPIDocument {
    /// The document's bytes.
    static let json = head + tail

    private static let head = #"""
{
  "openapi": "3.0.3",
  "info": {
    "title": "Feed API",
    "version": "1.0.0",
    "description": "The photo feed API served by the reference server (`feed serve`). Cursors are opaque: send them back untouched. A page may repeat ids already shown; clients drop them. Like writes carry the final state, so every retry is safe. Every error body is {\"error\": \"...\"}."
  },
  "servers": [
    { "url": "http://127.0.0.1:8080" }
  ],
  "paths": {
    "/v1/feed": {
      "get": {
        "operationId": "getFeed",
        "summary": "One page of the ranked feed.",
        "description": "Without a cursor a new session starts with its own ranked order; the cursor points into that order. nextCursor is null at the end.",
        "parameters": [
          {
            "name": "limit",
            "in": "query",
            "required": false,
            "schema": { "type": "integer", "minimum": 1, "maximum": 100, "default": 20 }
          },
          {
            "name": "cursor",
            "in": "query",
            "required": false,
            "description": "The opaque nextCursor of the previous page.",
            "schema": { "type": "string", "minLength": 1 }
          }
        ],
        "responses": {
          "200": {
            "description": "A page of posts.",
            "content": { "application/json": { "schema": { "$ref": "#/components/schemas/FeedPage" } } }
          },
          "400": { "$ref": "#/components/responses/BadRequest" },
          "429": { "$ref": "#/components/responses/TooManyRequests" },
          "503": { "$ref": "#/components/responses/Unavailable" }
        }
      }
    },
    "/v1/posts/like-counts": {
      "get": {
        "operationId": "getLikeCounts",
        "summary": "The like counts of given posts now, and which the user likes (what a live client reads after every reconnect).",
        "parameters": [
          {
            "name": "postIds",
            "in": "query",
            "required": true,
            "description": "Comma-separated post ids, at most 100; unknown ids are left out of the answer.",
            "schema": { "type": "string" },
            "example": "p1,p2"
          }
        ],
        "responses": {
          "200": {
            "description": "The counts by post id.",
            "content": { "application/json": { "schema": { "$ref": "#/components/schemas/LikeCounts" } } }
          },
          "400": { "$ref": "#/components/responses/BadRequest" },
          "429": { "$ref": "#/components/responses/TooManyRequests" },
          "503": { "$ref": "#/components/responses/Unavailable" }
        }
      }
    },
    "/v1/live": {
      "get": {
        "operationId": "getLive",
        "summary": "Server-Sent Events: like counts that changed, posts published and flag changes.",
        "description": "Each event has an `id:` (a sequence number from 1), an `event:` name and one `data:` line of JSON: `likes` {\"id\",\"likeCount\",\"liked\" (the user's heart),\"version\" (additive: the version of the post's likes, as in a like's reply; an event older than a reply the client holds is dropped)}, `new-posts` {\"newest\",\"count\" (posts above `above`, when given and known),\"above\"}, `flags` {\"flags\"}, and `reset` {\"latest\"} when `since` is older than the server keeps (4,096 events) or newer than any it sent: read the state again and go on from `latest`. A comment line (`: keep-alive`) follows every 15 s without an event. The stream closes when the server switches `live-updates` off. Not covered by schemathesis (the stream does not end); Tools/Contract/run-schemathesis.sh checks its head and first lines with curl.",
        "parameters": [
          {
            "name": "since",
            "in": "query",
            "required": false,
            "description": "The id of the last event received (0 or absent: from now); `Last-Event-ID` does the same.",
            "schema": { "type": "integer", "minimum": 0 },
            "example": 0
          },
          {
            "name": "above",
            "in": "query",
            "required": false,
            "description": "The newest post the client shows: `new-posts` events count the posts above it.",
            "schema": { "type": "string" },
            "example": "p1"
          }
        ],
        "responses": {
          "200": {
            "description": "The event stream.",
            "content": { "text/event-stream": { "schema": { "type": "string" } } }
          },
          "400": { "$ref": "#/components/responses/BadRequest" },
          "429": { "$ref": "#/components/responses/TooManyRequests" },
          "503": { "$ref": "#/components/responses/Unavailable" }
        }
      }
    },
    "/v1/feed/new-count": {
      "get": {
        "operationId": "getNewCount",
        "summary": "How many posts rank above a post in the newest ranking.",
        "parameters": [
          {
            "name": "since",
            "in": "query",
            "required": true,
            "description": "The id of the newest post the client shows.",
            "schema": { "type": "string", "minLength": 1 },
            "example": "p1"
          }
        ],
        "responses": {
          "200": {
            "description": "The count.",
            "content": { "application/json": { "schema": { "$ref": "#/components/schemas/NewCount" } } }
          },
          "400": { "$ref": "#/components/responses/BadRequest" },
          "404": { "$ref": "#/components/responses/NotFound" },
          "429": { "$ref": "#/components/responses/TooManyRequests" },
          "503": { "$ref": "#/components/responses/Unavailable" }
        }
      }
    },
    "/v1/users/{id}/posts": {
      "parameters": [
        { "name": "id", "in": "path", "required": true, "schema": { "type": "string", "minLength": 1 }, "example": "u1" }
      ],
      "get": {
        "operationId": "getUserPosts",
        "summary": "One page of an author's posts, newest first.",
        "description": "The same page shape as /v1/feed. Newest means the highest post number; posts published meanwhile never shift a walk that has a cursor. nextCursor is null at the end.",
        "parameters": [
          {
            "name": "limit",
            "in": "query",
            "required": false,
            "schema": { "type": "integer", "minimum": 1, "maximum": 100, "default": 20 }
          },
          {
            "name": "cursor",
            "in": "query",
            "required": false,
            "description": "The opaque nextCursor of the previous page of the same author.",
            "schema": { "type": "string", "minLength": 1 }
          }
        ],
        "responses": {
          "200": {
            "description": "A page of the author's posts.",
            "content": { "application/json": { "schema": { "$ref": "#/components/schemas/FeedPage" } } }
          },
          "400": { "$ref": "#/components/responses/BadRequest" },
          "404": { "$ref": "#/components/responses/NotFound" },
          "429": { "$ref": "#/components/responses/TooManyRequests" },
          "503": { "$ref": "#/components/responses/Unavailable" }
        }
      }
    },
    "/v1/likes": {
      "get": {
        "operationId": "getLikes",
        "summary": "Which of the given posts the user likes.",
        "parameters": [
          {
            "name": "postIds",
            "in": "query",
            "required": true,
            "description": "Comma-separated post ids, at most 100; unknown ids are ignored.",
            "schema": { "type": "string" }
          }
        ],
        "responses": {
          "200": {
            "description": "The liked ids among those asked.",
            "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Likes" } } }
          },
          "400": { "$ref": "#/components/responses/BadRequest" },
          "429": { "$ref": "#/components/responses/TooManyRequests" },
          "503": { "$ref": "#/components/responses/Unavailable" }
        }
      }
    },
    "/v1/posts/{id}/like": {
      "parameters": [
        { "name": "id", "in": "path", "required": true, "schema": { "type": "string", "minLength": 1 }, "example": "p1" }
      ],
      "put": {
        "operationId": "setLiked",
        "summary": "Set whether the user likes the post (idempotent).",
        "requestBody": {
          "required": true,
          "content": { "application/json": { "schema": { "$ref": "#/components/schemas/LikeRequest" } } }
        },
        "responses": {
          "200": {
            "description": "The post's like state after the write.",
            "content": { "application/json": { "schema": { "$ref": "#/components/schemas/LikeReply" } } }
          },
          "400": { "$ref": "#/components/responses/BadRequest" },
          "403": { "$ref": "#/components/responses/Forbidden" },
          "404": { "$ref": "#/components/responses/NotFound" },
          "429": { "$ref": "#/components/responses/TooManyRequests" },
          "500": { "$ref": "#/components/responses/AppliedThenFailed" },
          "503": { "$ref": "#/components/responses/Unavailable" }
        }
      },
      "post": {
        "operationId": "setLikedByPost",
        "summary": "The same as PUT.",
        "requestBody": {
          "required": true,
          "content": { "application/json": { "schema": { "$ref": "#/components/schemas/LikeRequest" } } }
        },
        "responses": {
          "200": {
            "description": "The post's like state after the write.",
            "content": { "application/json": { "schema": { "$ref": "#/components/schemas/LikeReply" } } }
          },
          "400": { "$ref": "#/components/responses/BadRequest" },
          "403": { "$ref": "#/components/responses/Forbidden" },
          "404": { "$ref": "#/components/responses/NotFound" },
          "429": { "$ref": "#/components/responses/TooManyRequests" },
          "500": { "$ref": "#/components/responses/AppliedThenFailed" },
          "503": { "$ref": "#/components/responses/Unavailable" }
        }
      }
    },
    "/v1/flags": {
      "get": {
        "operationId": "getFlags",
        "summary": "Remote feature flags (a kill switch).",
        "parameters": [
          {
            "name": "If-None-Match",
            "in": "header",
            "required": false,
            "description": "The ETag of flags the client already has.",
            "schema": { "type": "string" }
          }
        ],
        "responses": {
          "200": {
            "description": "The flags.",
            "headers": { "ETag": { "schema": { "type": "string" } } },
            "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Flags" } } }
          },
          "304": {
            "description": "The flags are unchanged since the ETag in If-None-Match.",
            "headers": { "ETag": { "schema": { "type": "string" } } }
          },
          "429": { "$ref": "#/components/responses/TooManyRequests" },
          "503": { "$ref": "#/components/responses/Unavailable" }
        }
      }
    },
    "/v1/photos/{id}.jpg": {
      "parameters": [
        { "name": "id", "in": "path", "required": true, "schema": { "type": "string", "minLength": 1 }, "example": "p1" }
      ],
      "get": {
        "operationId": "getPhoto",
        "summary": "A post's photo as a JPEG (the reference server's stand-in for a CDN).",
        "description": "Generated and deterministic per post. Without w, the original size (the feed item's width and height); with w, that many pixels wide at the same aspect ratio, never wider than the original. Each URL names one immutable picture.",
        "parameters": [
          {
            "name": "w",
            "in": "query",
            "required": false,
            "description": "The width wanted, in pixels.",
            "schema": { "type": "integer", "minimum": 1, "maximum": 4096 }
          },

"""#
}
