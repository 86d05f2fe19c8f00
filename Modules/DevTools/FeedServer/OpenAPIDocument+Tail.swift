extension OpenAPIDocument {
    /// The second part of `openapi.json` (written by `Tools/Contract/openapi-to-swift.py`).
    static let tail = #"""
          {
            "name": "If-None-Match",
            "in": "header",
            "required": false,
            "description": "The ETag of the photo the client already has.",
            "schema": { "type": "string" }
          }
        ],
        "responses": {
          "200": {
            "description": "The photo.",
            "headers": {
              "Cache-Control": { "schema": { "type": "string", "example": "public, max-age=31536000, immutable" } },
              "ETag": { "schema": { "type": "string" } }
            },
            "content": { "image/jpeg": { "schema": { "type": "string", "format": "binary" } } }
          },
          "304": {
            "description": "The photo is unchanged since the ETag in If-None-Match.",
            "headers": { "ETag": { "schema": { "type": "string" } } }
          },
          "400": { "$ref": "#/components/responses/BadRequest" },
          "404": { "$ref": "#/components/responses/NotFound" },
          "429": { "$ref": "#/components/responses/TooManyRequests" },
          "503": { "$ref": "#/components/responses/Unavailable" }
        }
      }
    },
    "/v1/events": {
      "post": {
        "operationId": "postEvents",
        "summary": "A batch of analytics events (telemetry).",
        "description": "The body may be gzip-compressed (Content-Encoding: gzip; at most 4 MB once decompressed). Events whose id the server already stored are dropped, so a batch sent again stores nothing twice. Each event's time is corrected for the device's clock skew: stored time = time + (receive time - sentAt). An event is a failure when its name is error or crash, or its outcome property is failed.",
        "requestBody": {
          "required": true,
          "content": { "application/json": { "schema": { "$ref": "#/components/schemas/EventBatch" } } }
        },
        "responses": {
          "202": {
            "description": "Stored, except the repeated ids.",
            "content": { "application/json": { "schema": { "$ref": "#/components/schemas/EventsAccepted" } } }
          },
          "400": { "$ref": "#/components/responses/BadRequest" },
          "429": { "$ref": "#/components/responses/TooManyRequests" },
          "503": { "$ref": "#/components/responses/Unavailable" }
        }
      }
    },
    "/v1/events/summary": {
      "get": {
        "operationId": "getEventsSummary",
        "summary": "What the server stored: events, repeats dropped, and per owning team the count and failures of each event name.",
        "responses": {
          "200": {
            "description": "The summary.",
            "content": { "application/json": { "schema": { "$ref": "#/components/schemas/EventsSummary" } } }
          }
        }
      }
    },
    "/openapi.json": {
      "get": {
        "operationId": "getOpenAPI",
        "summary": "This document.",
        "responses": {
          "200": { "description": "The OpenAPI 3 document.", "content": { "application/json": {} } }
        }
      }
    }
  },
  "components": {
    "schemas": {
      "Event": {
        "type": "object",
        "required": ["id", "name", "time", "sequence", "session", "owner", "sampleRate", "properties"],
        "properties": {
          "id": { "type": "string", "minLength": 1, "maxLength": 64, "description": "A UUID, unique per event." },
          "name": { "type": "string", "minLength": 1, "maxLength": 64, "description": "The event's name in the client's registry, e.g. page_load." },
          "time": { "type": "number", "minimum": 0, "maximum": 100000000000, "description": "When it was tracked, by the device's clock (seconds since 1970)." },
          "sequence": { "type": "integer", "minimum": 0, "description": "Its place in the install's events." },
          "session": { "type": "string", "maxLength": 64 },
          "owner": { "type": "string", "minLength": 1, "maxLength": 64, "description": "The owning team of the module that tracked it." },
          "sampleRate": { "type": "number", "minimum": 0, "maximum": 1 },
          "properties": {
            "type": "object",
            "maxProperties": 32,
            "additionalProperties": { "oneOf": [{ "type": "number" }, { "type": "string", "maxLength": 256 }] }
          }
        }
      },
      "EventBatch": {
        "type": "object",
        "required": ["events"],
        "properties": {
          "batch": { "type": "string", "nullable": true, "maxLength": 64, "description": "The batch's id; the same when a batch is sent again." },
          "sentAt": { "type": "number", "nullable": true, "description": "The device's clock when the batch left (seconds since 1970); without it no skew is corrected." },
          "events": { "type": "array", "maxItems": 1000, "items": { "$ref": "#/components/schemas/Event" } }
        }
      },
      "EventsAccepted": {
        "type": "object",
        "required": ["stored", "duplicates"],
        "properties": {
          "stored": { "type": "integer", "minimum": 0 },
          "duplicates": { "type": "integer", "minimum": 0 }
        }
      },
      "EventCount": {
        "type": "object",
        "required": ["count", "failures"],
        "properties": {
          "count": { "type": "integer", "minimum": 0 },
          "failures": { "type": "integer", "minimum": 0 }
        }
      },
      "EventsSummary": {
        "type": "object",
        "required": ["events", "duplicates", "batches", "teams"],
        "properties": {
          "events": { "type": "integer", "minimum": 0 },
          "duplicates": { "type": "integer", "minimum": 0 },
          "batches": { "type": "integer", "minimum": 0 },
          "teams": {
            "type": "object",
            "additionalProperties": {
              "type": "object",
              "required": ["events", "failures", "byName"],
              "properties": {
                "events": { "type": "integer", "minimum": 0 },
                "failures": { "type": "integer", "minimum": 0 },
                "byName": { "type": "object", "additionalProperties": { "$ref": "#/components/schemas/EventCount" } }
              }
            }
          }
        }
      },
      "Author": {
        "type": "object",
        "required": ["id", "name"],
        "properties": {
          "id": { "type": "string" },
          "name": { "type": "string" }
        }
      },
      "Image": {
        "type": "object",
        "required": ["url", "width", "height"],
        "properties": {
          "url": { "type": "string", "format": "uri" },
          "width": { "type": "integer", "minimum": 1 },
          "height": { "type": "integer", "minimum": 1 },
          "placeholder": {
            "type": "string",
            "pattern": "^#[0-9a-f]{6}$",
            "description": "The photo's dominant colour as #rrggbb, to fill its box before any pixel arrives. Optional: older servers omit it."
          },
          "renditions": {
            "type": "array",
            "maxItems": 16,
            "description": "The widths the photo is served at, narrowest first; a client picks the narrowest at least its box's pixel width. Optional: without it, clients ask the photo's url with ?w=N.",
            "items": { "$ref": "#/components/schemas/Rendition" }
          }
        }
      },
      "Rendition": {
        "type": "object",
        "required": ["width", "url"],
        "properties": {
          "width": { "type": "integer", "minimum": 1 },
          "url": { "type": "string", "format": "uri" }
        }
      },
      "Post": {
        "type": "object",
        "required": ["id", "author", "caption", "image", "likeCount"],
        "properties": {
          "id": { "type": "string" },
          "author": { "$ref": "#/components/schemas/Author" },
          "caption": { "type": "string" },
          "image": { "$ref": "#/components/schemas/Image" },
          "likeCount": { "type": "integer", "minimum": 0 },
          "commentCount": { "type": "integer", "minimum": 0, "description": "How many comments the post has. Optional: older servers omit it." },
          "createdAt": { "type": "string", "format": "date-time", "description": "When the post was published (RFC 3339, UTC). Optional: older servers omit it." }
        }
      },
      "FeedPage": {
        "type": "object",
        "required": ["items", "nextCursor"],
        "properties": {
          "items": { "type": "array", "items": { "$ref": "#/components/schemas/Post" } },
          "nextCursor": { "type": "string", "nullable": true }
        }
      },
      "Likes": {
        "type": "object",
        "required": ["liked"],
        "properties": {
          "liked": { "type": "array", "items": { "type": "string" } }
        }
      },
      "LikeRequest": {
        "type": "object",
        "required": ["liked"],
        "properties": {
          "liked": { "type": "boolean" }
        }
      },
      "LikeReply": {
        "type": "object",
        "required": ["liked", "likeCount"],
        "properties": {
          "liked": { "type": "boolean" },
          "likeCount": { "type": "integer", "minimum": 0 },
          "version": { "type": "integer", "minimum": 0, "description": "Additive: the version of this post's likes, which grows with every change of its heart or count. A pushed `likes` event or a `like-counts` read with a lower version is older than this reply." }
        }
      },
      "LikeCounts": {
        "type": "object",
        "required": ["likeCounts", "liked"],
        "properties": {
          "likeCounts": { "type": "object", "additionalProperties": { "type": "integer", "minimum": 0 } },
          "liked": { "type": "array", "items": { "type": "string" } },
          "versions": { "type": "object", "additionalProperties": { "type": "integer", "minimum": 0 }, "description": "Additive: the version of each post's likes (see LikeReply.version)." }
        }
      },
      "NewCount": {
        "type": "object",
        "required": ["count"],
        "properties": {
          "count": { "type": "integer", "minimum": 0 }
        }
      },
      "Flags": {
        "type": "object",
        "required": ["flags"],
        "properties": {
          "flags": { "type": "object", "additionalProperties": { "type": "boolean" } }
        }
      },
      "Error": {
        "type": "object",
        "required": ["error"],
        "properties": {
          "error": { "type": "string" }
        }
      }
    },
    "responses": {
      "BadRequest": {
        "description": "The request is malformed (bad cursor, limit, body or parameters).",
        "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Error" } } }
      },
      "Forbidden": {
        "description": "The server permanently refuses this like.",
        "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Error" } } }
      },
      "NotFound": {
        "description": "No such post, user or photo.",
        "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Error" } } }
      },
      "TooManyRequests": {
        "description": "Rate limited; wait Retry-After seconds.",
        "headers": { "Retry-After": { "schema": { "type": "integer" } } },
        "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Error" } } }
      },
      "AppliedThenFailed": {
        "description": "Only with the fault --like-apply-then-fail-rate: the like was saved, then the answer failed; the retry is safe.",
        "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Error" } } }
      },
      "Unavailable": {
        "description": "A transient failure; retry with backoff.",
        "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Error" } } }
      }
    }
  }
}

"""#
}
