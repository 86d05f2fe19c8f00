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
        .executable(name: "workspace-check", targets: ["WorkspaceCheckCLI"]),
    ],
    targets: [
        // Interfaces: protocols, models, errors.
        .target(name: "FeedInterface", path: "Modules/Interfaces/FeedInterface"),
        .target(name: "LikesInterface", dependencies: ["FeedInterface"], path: "Modules/Interfaces/LikesInterface"),
        .target(name: "StoreInterface", dependencies: ["FeedInterface"], path: "Modules/Interfaces/StoreInterface"),

        // Implementations: depend on interfaces and platform modules only.
        .target(
            name: "Feed",
            dependencies: ["FeedInterface", "LikesInterface", "StoreInterface", "Networking", "TerminalUI"],
            path: "Modules/Features/Feed"
        ),
        .target(
            name: "Likes",
            dependencies: ["FeedInterface", "LikesInterface", "Networking"],
            path: "Modules/Features/Likes"
        ),

        .target(
            name: "Store",
            dependencies: ["FeedInterface", "StoreInterface", "Database"],
            path: "Modules/Features/Store"
        ),

        // System libraries.
        .systemLibrary(
            name: "CSQLite",
            path: "Modules/System/CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),

        // Platform.
        .target(name: "Database", dependencies: ["CSQLite"], path: "Modules/Platform/Database"),
        .target(name: "Networking", path: "Modules/Platform/Networking"),
        .target(name: "HTTPServer", path: "Modules/Platform/HTTPServer"),
        .target(name: "FeatureFlags", dependencies: ["Networking", "Arguments"], path: "Modules/Platform/FeatureFlags"),
        .target(name: "TerminalUI", path: "Modules/Platform/TerminalUI"),
        .target(name: "Arguments", path: "Modules/Platform/Arguments"),

        // Test support: fakes for every interface protocol.
        .target(name: "FeedTesting", dependencies: ["FeedInterface", "LikesInterface", "StoreInterface", "Networking"], path: "Modules/TestSupport/FeedTesting"),

        // Devtool: the reference server. Platform only; never the client's DTOs.
        .target(name: "FeedServer", dependencies: ["HTTPServer", "Arguments"], path: "Modules/DevTools/FeedServer"),

        // Host: the composition root, the only target that links implementations.
        .executableTarget(
            name: "Host",
            dependencies: [
                "FeedInterface", "LikesInterface", "StoreInterface", "Feed", "Likes", "Store",
                "Networking", "FeatureFlags", "FeedServer", "TerminalUI", "Arguments",
            ],
            path: "Host"
        ),

        // Tools.
        .executableTarget(
            name: "FeedBench",
            dependencies: [
                "FeedInterface", "LikesInterface", "StoreInterface", "Feed", "Likes", "Store", "CSQLite",
                "FeedTesting", "FeedServer", "TerminalUI",
            ],
            path: "Tools/FeedBench"
        ),
        .executableTarget(
            name: "CacheCrashProbe",
            dependencies: ["FeedInterface", "StoreInterface", "Store"],
            path: "Tools/CacheCrashProbe"
        ),
        .target(name: "WorkspaceCheck", dependencies: ["Arguments"], path: "Tools/WorkspaceCheck/Sources/WorkspaceCheck"),
        .executableTarget(
            name: "WorkspaceCheckCLI",
            dependencies: ["WorkspaceCheck"],
            path: "Tools/WorkspaceCheck/Sources/WorkspaceCheckCLI"
        ),

        // Tests: one target per module, plus end-to-end tests of the host.
        .testTarget(name: "FeedInterfaceTests", dependencies: ["FeedInterface"]),
        .testTarget(
            name: "FeedTests",
            dependencies: ["Feed", "FeedInterface", "LikesInterface", "StoreInterface", "Networking", "FeedTesting", "TerminalUI"],
            exclude: ["Screen/__Snapshots__"]
        ),
        .testTarget(name: "LikesTests", dependencies: ["Likes", "FeedInterface", "LikesInterface", "Networking", "FeedTesting"]),
        .testTarget(name: "StoreTests", dependencies: ["Store", "StoreInterface", "FeedInterface", "Database", "FeedTesting", "CacheCrashProbe"]),
        .testTarget(name: "DatabaseTests", dependencies: ["Database", "CSQLite"]),
        .testTarget(name: "NetworkingTests", dependencies: ["Networking", "HTTPServer"]),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer"]),
        .testTarget(name: "FeatureFlagsTests", dependencies: ["FeatureFlags", "Networking", "Arguments", "HTTPServer"]),
        .testTarget(name: "FeedServerTests", dependencies: ["FeedServer", "HTTPServer", "Arguments"]),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI"]),
        .testTarget(name: "ArgumentsTests", dependencies: ["Arguments"]),
        .testTarget(name: "WorkspaceCheckTests", dependencies: ["WorkspaceCheck"]),
        .testTarget(name: "EndToEndTests", dependencies: ["Host", "FeedServer"]),
    ]
)
