extension OpenAPIDocument {
    /// The second part of `openapi.json` (written by `Tools/Contract/openapi-to-swift.py`).
    static let tail = #"""
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
          "likeCount": { "type": "integer", "minimum": 0 }
        }
      },
      "LikeCounts": {
        "type": "object",
        "required": ["likeCounts", "liked"],
        "properties": {
          "likeCounts": { "type": "object", "additionalProperties": { "type": "integer", "minimum": 0 } },
          "liked": { "type": "array", "items": { "type": "string" } }
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
