// swift-tools-version: 6.2
// The feed workspace: interface/implementation module pairs, platform modules, a reference
// server, the `feed` host, and the tools that keep the module graph honest.
import PackageDescription

let package = Package(
    name: "FeedWorkspace",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "feed", targets: ["Host"]),
        .executable(name: "feed-bench", targets: ["FeedBench"]),
        .executable(name: "feed-chaos", targets: ["FeedChaos"]),
        .executable(name: "workspace-check", targets: ["WorkspaceCheckCLI"]),
        .executable(name: "feed-demo", targets: ["FeedDemo"]),
        .executable(name: "profile-demo", targets: ["ProfileDemo"]),
        .executable(name: "live-updates-demo", targets: ["LiveUpdatesDemo"]),
        .executable(name: "likes-demo", targets: ["LikesDemo"]),
        .executable(name: "store-demo", targets: ["StoreDemo"]),
        .executable(name: "mastodon-demo", targets: ["MastodonDemo"]),
    ],
    targets: [
        // Interfaces: protocols, models, errors.
        .target(name: "FeedInterface", path: "Modules/Interfaces/FeedInterface"),
        .target(name: "LikesInterface", dependencies: ["FeedInterface"], path: "Modules/Interfaces/LikesInterface"),
        .target(name: "ProfileInterface", dependencies: ["FeedInterface"], path: "Modules/Interfaces/ProfileInterface"),
        .target(name: "LiveUpdatesInterface", path: "Modules/Interfaces/LiveUpdatesInterface"),
        .target(name: "OfflinePagesInterface", dependencies: ["FeedInterface", "LikesInterface"], path: "Modules/Interfaces/OfflinePagesInterface"),
        .target(name: "PostStoreInterface", dependencies: ["FeedInterface", "LikesInterface"], path: "Modules/Interfaces/PostStoreInterface"),
        .target(name: "TelemetryInterface", path: "Modules/Interfaces/TelemetryInterface"),
        // The terminal's vocabulary the screens and plugins speak: keys, sizes, glyphs, styles, the cell buffer.
        .target(name: "TerminalUIInterface", path: "Modules/Interfaces/TerminalUIInterface"),
        // The plugin contract: what a follow-up declares and the hooks the host drives.
        .target(
            name: "PluginInterface",
            dependencies: ["PostStoreInterface", "FeedInterface", "LikesInterface", "TerminalUIInterface", "TelemetryInterface"],
            path: "Modules/Interfaces/PluginInterface"
        ),

        // Kits: code more than one feature (or a feature and the host) shares, naming no feature.
        .target(name: "PluginKit", dependencies: ["FeedInterface", "PluginInterface"], path: "Modules/Kits/PluginKit"),
        .target(
            name: "PostScreenKit",
            dependencies: ["FeedInterface", "PluginInterface", "Paging", "ImageCodec", "ImagePipeline", "TerminalUI", "TerminalUIInterface"],
            path: "Modules/Kits/PostScreenKit"
        ),

        // Implementations: depend on interfaces and platform modules only.
        .target(
            name: "Feed",
            dependencies: ["PostStoreInterface", "FeedInterface", "LikesInterface", "PluginInterface", "PostScreenKit", "Paging", "TerminalUI", "TerminalUIInterface", "ImageCodec", "ImagePipeline"],
            path: "Modules/Features/Feed",
            exclude: ["feature.json"]
        ),
        .target(
            name: "NewPostsPill",
            dependencies: ["FeedInterface", "PluginInterface", "TerminalUIInterface"],
            path: "Modules/Features/NewPostsPill"
        ),
        .target(
            name: "MuteAuthors",
            dependencies: ["FeedInterface", "PluginInterface", "TerminalUIInterface", "Database", "SafeText"],
            path: "Modules/Features/MuteAuthors",
            exclude: ["feature.json"]
        ),
        .target(
            name: "LiveUpdates",
            dependencies: [
                "PostStoreInterface", "FeedInterface", "LikesInterface", "PluginInterface", "LiveUpdatesInterface", "Networking", "TelemetryInterface",
                "SafeText", "TerminalUIInterface",
            ],
            path: "Modules/Features/LiveUpdates",
            exclude: ["feature.json"]
        ),
        .target(
            name: "Profile",
            dependencies: ["PostStoreInterface", "FeedInterface", "LikesInterface", "ProfileInterface", "PluginInterface", "PostScreenKit", "Paging", "TerminalUI", "TerminalUIInterface", "ImageCodec", "ImagePipeline"],
            path: "Modules/Features/Profile",
            exclude: ["feature.json"]
        ),
        .target(
            name: "FeedData",
            dependencies: ["FeedInterface", "LikesInterface", "Networking"],
            path: "Modules/Features/FeedData"
        ),
        .target(
            name: "Mastodon",
            dependencies: ["FeedInterface", "LikesInterface", "Networking", "ImageCodec", "SafeText"],
            path: "Modules/Features/Mastodon",
            exclude: ["feature.json"]
        ),
        .target(
            name: "Likes",
            dependencies: ["FeedInterface", "LikesInterface", "Networking"],
            path: "Modules/Features/Likes",
            exclude: ["feature.json"]
        ),

        .target(
            name: "OfflinePages",
            dependencies: ["PostStoreInterface", "FeedInterface", "LikesInterface", "OfflinePagesInterface", "PluginInterface", "Database", "Paging", "TelemetryInterface"],
            path: "Modules/Features/OfflinePages",
            exclude: ["feature.json"]
        ),

        .target(
            name: "Posts",
            dependencies: ["PostStoreInterface", "FeedInterface", "LikesInterface"],
            path: "Modules/Features/Posts"
        ),

        .target(
            name: "OfflineQueue",
            dependencies: ["PostStoreInterface", "FeedInterface", "LikesInterface", "PluginInterface", "TerminalUIInterface", "Database", "TelemetryInterface", "SafeText", "Waiting"],
            path: "Modules/Features/OfflineQueue"
        ),

        // System libraries.
        .systemLibrary(
            name: "CSQLite",
            path: "Modules/System/CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .systemLibrary(
            name: "CJPEG",
            path: "Modules/System/CJPEG",
            pkgConfig: "libjpeg",
            providers: [.apt(["libjpeg62-turbo-dev"])]
        ),
        // libjpeg behind setjmp: a C target, since a system library target cannot hold C sources.
        .target(
            name: "CJPEGShim",
            dependencies: ["CJPEG"],
            path: "Modules/System/CJPEGShim",
            linkerSettings: [.linkedLibrary("jpeg")]
        ),
        .systemLibrary(
            name: "CPNG",
            path: "Modules/System/CPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]
        ),
        // libpng behind setjmp, reading from memory under a byte budget: a C target, like CJPEGShim.
        .target(
            name: "CPNGShim",
            dependencies: ["CPNG"],
            path: "Modules/System/CPNGShim",
            linkerSettings: [.linkedLibrary("png16")]
        ),
        .systemLibrary(
            name: "CZlib",
            path: "Modules/System/CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        // A fatal signal written as one line from a static buffer: a C target, so the handler allocates nothing.
        .target(name: "CCrashShim", path: "Modules/System/CCrashShim"),
        .systemLibrary(
            name: "CCurl",
            path: "Modules/System/CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        // libcurl's variadic setopt/getinfo calls, typed: a C target, as Swift cannot call them.
        .target(
            name: "CCurlShim",
            dependencies: ["CCurl"],
            path: "Modules/System/CCurlShim",
            linkerSettings: [.linkedLibrary("curl")]
        ),

        // Platform.
        .target(name: "Database", dependencies: ["CSQLite"], path: "Modules/Platform/Database"),
        .target(name: "Networking", dependencies: ["CCurl", "CCurlShim"], path: "Modules/Platform/Networking"),
        .target(name: "HTTPServer", path: "Modules/Platform/HTTPServer"),
        .target(name: "FeatureFlags", dependencies: ["Networking", "Arguments", "PrivateFiles"], path: "Modules/Platform/FeatureFlags"),
        // Small private files written whole and read without following links (flags cache, config, sign-ins).
        .target(name: "PrivateFiles", path: "Modules/Platform/PrivateFiles"),
        .target(name: "TerminalUI", dependencies: ["TerminalUIInterface", "ImageCodec", "CCrashShim"], path: "Modules/Platform/TerminalUI"),
        .target(name: "TerminalApp", dependencies: ["TerminalUI", "TerminalUIInterface", "CCrashShim", "SafeText"], path: "Modules/Platform/TerminalApp"),
        .target(name: "Arguments", path: "Modules/Platform/Arguments"),
        // Text from outside made safe for a terminal or a log (no control, format or bidi characters).
        .target(name: "SafeText", path: "Modules/Platform/SafeText"),
        .target(name: "Paging", path: "Modules/Platform/Paging"),
        .target(name: "ImageCodec", dependencies: ["CJPEGShim", "CPNGShim", "Compression"], path: "Modules/Platform/ImageCodec"),
        .target(name: "ImagePipeline", dependencies: ["ImageCodec", "Networking"], path: "Modules/Platform/ImagePipeline"),
        // Telemetry: the typed events and the tracker (contract), the queue, sinks and stats (implementation).
        .target(name: "Compression", dependencies: ["CZlib"], path: "Modules/Platform/Compression"),
        .target(name: "Waiting", path: "Modules/Platform/Waiting"),
        .target(
            name: "Telemetry", dependencies: ["TelemetryInterface", "Database", "Networking", "Compression", "CCrashShim", "SafeText", "Waiting"],
            path: "Modules/Platform/Telemetry"),

        // Test support: one XTesting module of fakes beside each contract, and generic helpers (TestingSupport).
        .target(name: "LoopbackTesting", path: "Modules/TestSupport/LoopbackTesting"),
        .target(name: "ProcessTesting", path: "Modules/TestSupport/ProcessTesting"),
        .target(name: "EndToEndTesting", dependencies: ["FeedServer", "ProcessTesting", "TestingSupport"], path: "Modules/TestSupport/EndToEndTesting"),
        .target(name: "TestingSupport", path: "Modules/TestSupport/TestingSupport"),
        .target(name: "FeedTesting", dependencies: ["PostStoreInterface", "FeedInterface", "PluginInterface", "TestingSupport"], path: "Modules/TestSupport/FeedTesting"),
        .target(name: "LikesTesting", dependencies: ["FeedInterface", "LikesInterface", "TestingSupport"], path: "Modules/TestSupport/LikesTesting"),
        .target(name: "ProfileTesting", dependencies: ["FeedInterface", "ProfileInterface"], path: "Modules/TestSupport/ProfileTesting"),
        .target(name: "MastodonTesting", dependencies: ["HTTPServer", "ImageCodec"], path: "Modules/TestSupport/MastodonTesting"),
        .target(name: "StoreTesting", dependencies: ["PostStoreInterface", "FeedInterface", "LikesInterface", "OfflinePagesInterface"], path: "Modules/TestSupport/StoreTesting"),
        .target(name: "LiveUpdatesTesting", dependencies: ["Networking"], path: "Modules/TestSupport/LiveUpdatesTesting"),
        .target(name: "NetworkingTesting", dependencies: ["Networking"], path: "Modules/TestSupport/NetworkingTesting"),
        .target(name: "TerminalUITesting", dependencies: ["TerminalUIInterface"], path: "Modules/TestSupport/TerminalUITesting"),
        .target(name: "ImageCodecTesting", dependencies: ["Compression"], path: "Modules/TestSupport/ImageCodecTesting"),
        .target(name: "TelemetryTesting", dependencies: ["TelemetryInterface", "Telemetry"], path: "Modules/TestSupport/TelemetryTesting"),

        // Devtool: the reference server. Platform only; never the client's DTOs.
        .target(name: "FeedServer", dependencies: ["HTTPServer", "Arguments", "ImageCodec", "Compression"], path: "Modules/DevTools/FeedServer"),

        // Host: the composition root, the only target that links implementations.
        .executableTarget(
            name: "Host",
            dependencies: [
                "PostStoreInterface", "FeedInterface", "LikesInterface", "PluginInterface", "PluginKit", "Feed", "FeedData", "Likes", "OfflinePages", "Profile",
                "NewPostsPill", "LiveUpdates", "Posts", "Networking", "FeatureFlags", "FeedServer", "TerminalUI", "TerminalUIInterface", "TerminalApp", "Arguments", "Database",
                "ImagePipeline", "OfflineQueue", "ImageCodec", "Telemetry", "TelemetryInterface", "SafeText", "Waiting", "MuteAuthors",
                "PostScreenKit", "Mastodon", "PrivateFiles",
            ],
            path: "Host"
        ),

        // Examples: one demo per feature, its own implementation over fakes (and the reference server).
        .executableTarget(
            name: "FeedDemo",
            dependencies: [
                "PostStoreInterface", "Feed", "FeedData", "FeedInterface", "FeedTesting", "LikesTesting", "StoreTesting", "TestingSupport",
                "FeedServer", "Networking", "ImagePipeline", "TerminalApp", "TerminalUI", "TerminalUIInterface", "Arguments",
            ],
            path: "Examples/FeedDemo"
        ),
        .executableTarget(
            name: "LiveUpdatesDemo",
            dependencies: ["LiveUpdates", "FeedInterface", "FeedTesting", "LikesTesting", "StoreTesting", "PluginInterface", "PluginKit", "Networking", "FeedServer"],
            path: "Examples/LiveUpdatesDemo"
        ),
        .executableTarget(
            name: "ProfileDemo",
            dependencies: [
                "Profile", "FeedInterface", "FeedTesting", "LikesTesting", "StoreTesting", "TestingSupport", "TerminalApp", "TerminalUIInterface",
                "Arguments",
            ],
            path: "Examples/ProfileDemo"
        ),
        .executableTarget(
            name: "LikesDemo",
            dependencies: ["Likes", "OfflineQueue", "FeedInterface", "LikesInterface", "FeedTesting", "LikesTesting", "StoreTesting", "Arguments"],
            path: "Examples/LikesDemo"
        ),
        .executableTarget(
            name: "MastodonDemo",
            dependencies: ["Mastodon", "FeedInterface", "LikesInterface", "FeedServer", "Networking", "SafeText", "Arguments"],
            path: "Examples/MastodonDemo"
        ),
        .executableTarget(
            name: "StoreDemo",
            dependencies: ["OfflinePages", "Posts", "FeedInterface", "LikesInterface", "FeedTesting", "LikesTesting", "Arguments"],
            path: "Examples/StoreDemo"
        ),

        // Tools.
        .executableTarget(
            name: "FeedBench",
            dependencies: [
                "FeedInterface", "LikesInterface", "OfflinePagesInterface", "Feed", "Likes", "OfflinePages", "CSQLite", "FeedTesting",
                "LikesTesting", "FeedServer", "TerminalUI", "TerminalUIInterface", "ImageCodec", "Profile", "OfflineQueue", "Networking", "Posts",
                "PostScreenKit", "FeedData", "LiveUpdates", "LiveUpdatesInterface", "PluginInterface", "PluginKit", "Mastodon", "ImagePipeline", "Telemetry", "TelemetryInterface",
            ],
            path: "Tools/FeedBench",
            // Real photos (`feed-bench p`), read from the package's root: not built into the tool.
            exclude: ["Photos"]
        ),
        .executableTarget(
            name: "CacheCrashProbe",
            dependencies: ["FeedInterface", "OfflinePages"],
            path: "Tools/CacheCrashProbe"
        ),
        .executableTarget(
            name: "QueueCrashProbe",
            dependencies: ["FeedInterface", "LikesInterface", "OfflineQueue"],
            path: "Tools/QueueCrashProbe"
        ),
        .executableTarget(
            name: "TelemetryCrashProbe",
            dependencies: ["Telemetry", "TelemetryInterface", "Networking"],
            path: "Tools/TelemetryCrashProbe"
        ),
        .executableTarget(
            name: "TerminalCrashProbe",
            dependencies: ["TerminalApp", "TerminalUI"],
            path: "Tools/TerminalCrashProbe"
        ),
        .executableTarget(
            name: "FeedChaos",
            dependencies: ["FeedServer", "Arguments", "CSQLite", "ProcessTesting"],
            path: "Tools/FeedChaos"
        ),
        .target(name: "WorkspaceCheck", dependencies: ["Arguments", "SafeText"], path: "Tools/WorkspaceCheck/Sources/WorkspaceCheck"),
        .executableTarget(
            name: "WorkspaceCheckCLI",
            dependencies: ["WorkspaceCheck"],
            path: "Tools/WorkspaceCheck/Sources/WorkspaceCheckCLI"
        ),

        // Tests: one target per module, plus end-to-end tests of the host.
        .testTarget(name: "WaitingTests", dependencies: ["Waiting"]),
        .testTarget(name: "FeedInterfaceTests", dependencies: ["FeedInterface"]),
        .testTarget(name: "PostStoreInterfaceTests", dependencies: ["PostStoreInterface", "FeedInterface", "LikesInterface"]),
        .testTarget(name: "PostsTests", dependencies: ["PostStoreInterface", "Posts", "FeedInterface", "LikesInterface", "FeedTesting", "LikesTesting"]),
        .testTarget(
            name: "MastodonTests",
            dependencies: ["Mastodon", "FeedInterface", "LikesInterface", "Networking", "NetworkingTesting", "ImageCodec"],
            exclude: ["Recorded"]
        ),
        .testTarget(name: "MastodonEndToEndTests", dependencies: ["Host", "EndToEndTesting", "MastodonTesting", "FeedServer", "Networking", "TestingSupport"]),
        .testTarget(name: "PrivateFilesTests", dependencies: ["PrivateFiles", "TestingSupport"]),
        .testTarget(name: "PluginKitTests", dependencies: ["PluginKit", "TestingSupport"]),
        .testTarget(
            name: "PostScreenKitTests",
            dependencies: ["PostScreenKit", "FeedInterface", "FeedTesting", "PluginInterface", "Paging", "ImageCodec", "ImagePipeline", "TestingSupport"]
        ),
        .testTarget(
            name: "FeedTests",
            dependencies: ["Feed", "FeedInterface", "LikesInterface", "PluginInterface", "Paging", "FeedTesting", "LikesTesting", "StoreTesting", "TerminalUITesting", "TestingSupport", "TerminalUI", "TerminalUIInterface", "ImageCodec", "ImagePipeline"],
            exclude: ["Screen/__Snapshots__"]
        ),
        .testTarget(
            name: "ProfileTests",
            dependencies: [
                "Profile", "PluginInterface", "FeedInterface", "LikesInterface", "FeedTesting", "LikesTesting", "ProfileTesting",
                "StoreTesting", "TerminalUITesting", "TerminalUI", "TerminalUIInterface", "ImageCodec",
            ],
            exclude: ["__Snapshots__"]
        ),
        .testTarget(
            name: "LiveUpdatesTests",
            dependencies: [
                "LiveUpdates", "LiveUpdatesInterface", "LiveUpdatesTesting", "FeedInterface", "FeedTesting", "LikesInterface", "LikesTesting", "StoreTesting", "PluginInterface", "PluginKit", "Networking", "TelemetryInterface", "TestingSupport",
            ]),
        .testTarget(
            name: "MuteAuthorsTests",
            dependencies: ["MuteAuthors", "FeedInterface", "PluginInterface", "PluginKit", "Database", "FeedTesting", "TestingSupport", "TerminalUIInterface"]),
        .testTarget(name: "MuteAuthorsEndToEndTests", dependencies: ["Host", "EndToEndTesting", "FeedServer", "TestingSupport"]),
        .testTarget(
            name: "NewPostsPillTests", dependencies: ["NewPostsPill", "FeedInterface", "PluginInterface", "TestingSupport"]),
        .testTarget(name: "FeedDataTests", dependencies: ["FeedData", "FeedInterface", "LikesInterface", "Networking", "FeedTesting", "LikesTesting", "NetworkingTesting", "TestingSupport"]),
        .testTarget(name: "LikesTests", dependencies: ["Likes", "FeedInterface", "LikesInterface", "Networking", "LikesTesting", "NetworkingTesting", "HTTPServer"]),
        .testTarget(
            name: "OfflineQueueTests",
            dependencies: [
                "OfflineQueue", "FeedInterface", "LikesInterface", "Database", "LikesTesting", "TestingSupport", "HTTPServer",
                "Networking", "ProcessTesting", "QueueCrashProbe", "TelemetryInterface", "TelemetryTesting", "PluginInterface", "PluginKit",
            ]
        ),
        .testTarget(
            name: "OfflinePagesTests",
            dependencies: [
                "OfflinePages", "OfflinePagesInterface", "FeedInterface", "LikesInterface", "PluginInterface", "Database", "FeedTesting", "StoreTesting", "LikesTesting",
                "TestingSupport", "ProcessTesting", "CacheCrashProbe", "Feed", "TerminalUIInterface", "TelemetryInterface", "TelemetryTesting",
            ]),
        .testTarget(name: "DatabaseTests", dependencies: ["Database", "CSQLite", "ProcessTesting", "TestingSupport"]),
        .testTarget(name: "NetworkingTests", dependencies: ["Networking", "HTTPServer", "CCurl", "TestingSupport"]),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "TestingSupport"]),
        .testTarget(name: "FeatureFlagsTests", dependencies: ["FeatureFlags", "Networking", "Arguments", "HTTPServer", "TestingSupport"]),
        .testTarget(name: "FeedServerTests", dependencies: ["FeedServer", "HTTPServer", "Arguments", "ImageCodec", "LoopbackTesting", "Networking", "Compression", "TestingSupport"]),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "TerminalUIInterface", "ImageCodec", "TestingSupport"]),
        .testTarget(name: "TerminalUIInterfaceTests", dependencies: ["TerminalUIInterface"]),
        .testTarget(name: "TerminalAppTests", dependencies: ["TerminalApp", "TerminalUI", "TerminalUIInterface"]),
        .testTarget(name: "ArgumentsTests", dependencies: ["Arguments"]),
        .testTarget(name: "SafeTextTests", dependencies: ["SafeText"]),
        .testTarget(name: "PagingTests", dependencies: ["Paging"]),
        .testTarget(name: "ImageCodecTests", dependencies: ["ImageCodec", "ImageCodecTesting", "Compression", "CPNGShim", "TestingSupport"]),
        .testTarget(name: "ImagePipelineTests", dependencies: ["ImagePipeline", "ImageCodec", "ImageCodecTesting", "Networking", "HTTPServer", "TestingSupport"]),
        .testTarget(name: "WorkspaceCheckTests", dependencies: ["WorkspaceCheck", "TestingSupport"]),
        .testTarget(
            name: "HostTests",
            dependencies: [
                "PostStoreInterface", "Host", "Arguments", "FeatureFlags", "FeedInterface", "HTTPServer", "ImagePipeline", "Networking", "PluginInterface", "TelemetryInterface", "TestingSupport",
            ]),
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "Host", "FeedDemo", "ProfileDemo", "LikesDemo", "StoreDemo", "FeedServer", "LoopbackTesting", "HTTPServer", "Database", "ProcessTesting",
                "TelemetryCrashProbe", "TerminalCrashProbe", "TestingSupport", "EndToEndTesting",
            ]),
        .testTarget(name: "FeedChaosTests", dependencies: ["FeedChaos", "CSQLite", "TestingSupport", "ProcessTesting"]),
        .testTarget(name: "CompressionTests", dependencies: ["Compression"]),
        .testTarget(name: "TelemetryInterfaceTests", dependencies: ["TelemetryInterface", "TelemetryTesting"]),
        .testTarget(
            name: "TelemetryTests",
            dependencies: [
                "Telemetry", "TelemetryInterface", "TelemetryTesting", "Database", "Networking", "HTTPServer", "Compression", "ProcessTesting", "TelemetryCrashProbe",
                "TestingSupport",
            ]),
    ]
)
