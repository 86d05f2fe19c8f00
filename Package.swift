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
    ],
    targets: [
        // Interfaces: protocols, models, errors.
        .target(name: "FeedInterface", path: "Modules/Interfaces/FeedInterface"),
        .target(name: "LikesInterface", dependencies: ["FeedInterface"], path: "Modules/Interfaces/LikesInterface"),
        .target(name: "ProfileInterface", dependencies: ["FeedInterface"], path: "Modules/Interfaces/ProfileInterface"),
        .target(name: "StoreInterface", dependencies: ["FeedInterface", "LikesInterface"], path: "Modules/Interfaces/StoreInterface"),
        // The plugin contract: what a follow-up declares and the hooks the host drives.
        .target(
            name: "PluginInterface",
            dependencies: ["FeedInterface", "LikesInterface", "StoreInterface", "Networking", "TerminalUI", "ImagePipeline"],
            path: "Modules/Interfaces/PluginInterface"
        ),

        // Implementations: depend on interfaces and platform modules only.
        .target(
            name: "Feed",
            dependencies: ["FeedInterface", "LikesInterface", "StoreInterface", "PluginInterface", "Paging", "TerminalUI", "ImageCodec", "ImagePipeline"],
            path: "Modules/Features/Feed"
        ),
        .target(
            name: "NewPostsPill",
            dependencies: ["FeedInterface", "PluginInterface", "TerminalUI"],
            path: "Modules/Features/NewPostsPill"
        ),
        .target(
            name: "Profile",
            dependencies: ["FeedInterface", "LikesInterface", "StoreInterface", "PluginInterface", "Paging", "TerminalUI", "ImageCodec", "ImagePipeline"],
            path: "Modules/Features/Profile"
        ),
        .target(
            name: "FeedData",
            dependencies: ["FeedInterface", "LikesInterface", "Networking"],
            path: "Modules/Features/FeedData"
        ),
        .target(
            name: "Likes",
            dependencies: ["FeedInterface", "LikesInterface", "Networking"],
            path: "Modules/Features/Likes"
        ),

        .target(
            name: "Store",
            dependencies: ["FeedInterface", "StoreInterface", "PluginInterface", "Database"],
            path: "Modules/Features/Store"
        ),

        .target(
            name: "Posts",
            dependencies: ["FeedInterface", "LikesInterface", "StoreInterface"],
            path: "Modules/Features/Posts"
        ),

        .target(
            name: "OfflineQueue",
            dependencies: ["FeedInterface", "LikesInterface", "StoreInterface", "PluginInterface", "TerminalUI", "Database"],
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
        .target(name: "FeatureFlags", dependencies: ["Networking", "Arguments"], path: "Modules/Platform/FeatureFlags"),
        .target(name: "TerminalUI", dependencies: ["ImageCodec"], path: "Modules/Platform/TerminalUI"),
        .target(name: "Arguments", path: "Modules/Platform/Arguments"),
        .target(name: "Paging", path: "Modules/Platform/Paging"),
        .target(name: "ImageCodec", dependencies: ["CJPEGShim"], path: "Modules/Platform/ImageCodec"),
        .target(name: "ImagePipeline", dependencies: ["ImageCodec", "Networking"], path: "Modules/Platform/ImagePipeline"),

        // Test support: fakes for every interface protocol.
        .target(name: "LoopbackTesting", path: "Modules/TestSupport/LoopbackTesting"),
        .target(name: "ProcessTesting", path: "Modules/TestSupport/ProcessTesting"),
        .target(name: "FeedTesting", dependencies: ["FeedInterface", "LikesInterface", "StoreInterface", "Networking", "TerminalUI"], path: "Modules/TestSupport/FeedTesting"),

        // Devtool: the reference server. Platform only; never the client's DTOs.
        .target(name: "FeedServer", dependencies: ["HTTPServer", "Arguments", "ImageCodec"], path: "Modules/DevTools/FeedServer"),

        // Host: the composition root, the only target that links implementations.
        .executableTarget(
            name: "Host",
            dependencies: [
                "FeedInterface", "LikesInterface", "StoreInterface", "PluginInterface", "Feed", "FeedData", "Likes", "Store", "Profile",
                "NewPostsPill", "Posts", "Networking", "FeatureFlags", "FeedServer", "TerminalUI", "Arguments", "Database", "ImagePipeline",
                "OfflineQueue",
            ],
            path: "Host"
        ),

        // Tools.
        .executableTarget(
            name: "FeedBench",
            dependencies: [
                "FeedInterface", "LikesInterface", "StoreInterface", "Feed", "Likes", "Store", "CSQLite",
                "FeedTesting", "FeedServer", "TerminalUI", "ImageCodec", "Profile", "OfflineQueue", "Networking", "Posts",
            ],
            path: "Tools/FeedBench"
        ),
        .executableTarget(
            name: "CacheCrashProbe",
            dependencies: ["FeedInterface", "StoreInterface", "Store"],
            path: "Tools/CacheCrashProbe"
        ),
        .executableTarget(
            name: "QueueCrashProbe",
            dependencies: ["FeedInterface", "LikesInterface", "OfflineQueue"],
            path: "Tools/QueueCrashProbe"
        ),
        .executableTarget(
            name: "FeedChaos",
            dependencies: ["FeedServer", "Arguments", "CSQLite"],
            path: "Tools/FeedChaos"
        ),
        .target(name: "WorkspaceCheck", dependencies: ["Arguments"], path: "Tools/WorkspaceCheck/Sources/WorkspaceCheck"),
        .executableTarget(
            name: "WorkspaceCheckCLI",
            dependencies: ["WorkspaceCheck"],
            path: "Tools/WorkspaceCheck/Sources/WorkspaceCheckCLI"
        ),

        // Tests: one target per module, plus end-to-end tests of the host.
        .testTarget(name: "FeedInterfaceTests", dependencies: ["FeedInterface"]),
        .testTarget(name: "StoreInterfaceTests", dependencies: ["StoreInterface", "FeedInterface", "LikesInterface"]),
        .testTarget(name: "PostsTests", dependencies: ["Posts", "StoreInterface", "FeedInterface", "LikesInterface", "FeedTesting"]),
        .testTarget(
            name: "FeedTests",
            dependencies: ["Feed", "FeedInterface", "LikesInterface", "StoreInterface", "PluginInterface", "Paging", "FeedTesting", "TerminalUI"],
            exclude: ["Screen/__Snapshots__"]
        ),
        .testTarget(
            name: "ProfileTests", dependencies: ["Profile", "FeedInterface", "LikesInterface", "StoreInterface", "FeedTesting", "TerminalUI"],
            exclude: ["__Snapshots__"]
        ),
        .testTarget(
            name: "NewPostsPillTests", dependencies: ["NewPostsPill", "FeedInterface", "PluginInterface", "FeedTesting"]),
        .testTarget(name: "FeedDataTests", dependencies: ["FeedData", "FeedInterface", "LikesInterface", "Networking", "FeedTesting"]),
        .testTarget(name: "LikesTests", dependencies: ["Likes", "FeedInterface", "LikesInterface", "Networking", "FeedTesting", "HTTPServer"]),
        .testTarget(
            name: "OfflineQueueTests",
            dependencies: [
                "OfflineQueue", "FeedInterface", "LikesInterface", "Database", "FeedTesting", "HTTPServer", "Networking",
                "ProcessTesting", "QueueCrashProbe",
            ]
        ),
        .testTarget(
            name: "StoreTests",
            dependencies: ["Store", "StoreInterface", "FeedInterface", "Database", "FeedTesting", "ProcessTesting", "CacheCrashProbe"]),
        .testTarget(name: "DatabaseTests", dependencies: ["Database", "CSQLite", "ProcessTesting"]),
        .testTarget(name: "NetworkingTests", dependencies: ["Networking", "HTTPServer", "CCurl", "FeedTesting"]),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "FeedTesting"]),
        .testTarget(name: "FeatureFlagsTests", dependencies: ["FeatureFlags", "Networking", "Arguments", "HTTPServer", "FeedTesting"]),
        .testTarget(name: "FeedServerTests", dependencies: ["FeedServer", "HTTPServer", "Arguments", "ImageCodec", "LoopbackTesting"]),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "ImageCodec", "FeedTesting"]),
        .testTarget(name: "ArgumentsTests", dependencies: ["Arguments"]),
        .testTarget(name: "PagingTests", dependencies: ["Paging"]),
        .testTarget(name: "ImageCodecTests", dependencies: ["ImageCodec", "FeedTesting"]),
        .testTarget(name: "ImagePipelineTests", dependencies: ["ImagePipeline", "ImageCodec", "Networking", "HTTPServer", "FeedTesting"]),
        .testTarget(name: "WorkspaceCheckTests", dependencies: ["WorkspaceCheck"]),
        .testTarget(name: "HostTests", dependencies: ["Host", "FeedInterface", "HTTPServer", "PluginInterface", "StoreInterface"]),
        .testTarget(name: "EndToEndTests", dependencies: ["Host", "FeedServer", "LoopbackTesting", "HTTPServer", "Database"]),
        .testTarget(name: "FeedChaosTests", dependencies: ["FeedChaos", "CSQLite"]),
    ]
)
