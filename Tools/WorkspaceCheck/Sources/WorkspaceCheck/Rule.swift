/// The rules the checker enforces; the raw value is the rule's name in messages and allow entries.
enum Rule: String, CaseIterable, Sendable {
    case forbiddenDependency = "forbidden-dependency"
    case forbiddenImport = "forbidden-import"
    case undeclaredImport = "undeclared-import"
    case unusedDependency = "unused-dependency"
    case exportedImport = "exported-import"
    case unassignedRole = "unassigned-role"
    case unknownTarget = "unknown-target"
    case staleAllow = "stale-allow"
    case lineBudget = "line-budget"
    case byteBudget = "byte-budget"
    case staleGraph = "stale-graph"
    case unownedModule = "unowned-module"
    case unknownTeam = "unknown-team"
    case unknownPath = "unknown-path"
    case staleCodeowners = "stale-codeowners"
    case featureRole = "feature-role"
    case featureIncomplete = "feature-incomplete"
    case featurelessImplementation = "featureless-implementation"
    case sharedImplementation = "shared-implementation"
    case binaryBudget = "binary-budget"
    case binaryBudgetMissing = "binary-budget-missing"
    case launchBudget = "launch-budget"
    case staleGenerated = "stale-generated"
    case followUpContract = "follow-up-contract"

    /// The command whose run reports this rule (and checks allow entries for it).
    var command: String {
        switch self {
        case .lineBudget, .byteBudget: "size"
        case .staleGraph: "graph"
        case .unownedModule, .unknownTeam, .unknownPath, .staleCodeowners: "owners"
        case .featureRole, .featureIncomplete, .featurelessImplementation, .sharedImplementation: "shape"
        case .binaryBudget, .binaryBudgetMissing: "binary"
        case .launchBudget: "launch"
        case .staleGenerated: "plugins"
        case .staleAllow: "any"
        default: "deps"
        }
    }

    /// Why the rule exists, for rules whose reason does not depend on a role.
    var why: String {
        switch self {
        case .forbiddenDependency, .forbiddenImport:
            "module roles keep features independent: each role may depend only on the roles listed for it in the config."
        case .undeclaredImport:
            "an undeclared import compiles only by luck of build order (a clean or parallel build can fail), and it hides an edge from the module graph these rules check."
        case .unusedDependency:
            "an unused dependency slows the build, links code the module never calls, and makes the graph claim a coupling that is not there."
        case .exportedImport:
            "a re-exported module leaks into every client of the interface: clients compile against it without declaring it, and the boundary rules cannot see the edge."
        case .unassignedRole:
            "every target needs a role, or the boundary rules cannot say what it may depend on."
        case .unknownTarget:
            "a config entry that names no target is a typo or a leftover; it would silently stop covering the module it meant."
        case .staleAllow:
            "allow entries are exceptions that must only shrink; one that no longer matches anything would silently allow the next violation."
        case .lineBudget, .byteBudget:
            "budgets make growth a decision: a module that quietly doubles is usually taking on a second job, and its build and binary grow with it."
        case .staleGraph:
            "the README's module graph is documentation that must match Package.swift."
        case .unownedModule:
            "every module has a team that reviews its changes and answers for it; a module nobody owns gets no reviewer and no one to page."
        case .unknownTeam:
            "an owner must be a team in \"teams\", or CODEOWNERS would name nobody and the module would have no reviewer."
        case .unknownPath:
            "an owned path that does not exist is a typo or a leftover; the file it meant would have no reviewer."
        case .staleCodeowners:
            "CODEOWNERS is generated from the owners in the config; a copy that differs asks the wrong team to review."
        case .featureRole:
            "each part of a feature has one job (contract, implementation, fakes, tests, demo), and its role is what keeps it to that job."
        case .featureIncomplete:
            "a feature is built, tested and shown on its own through its testing module (fakes for its clients), its tests and its demo."
        case .featurelessImplementation:
            "every implementation belongs to one feature, which says its interface, fakes, tests and demo, and which demo may link it."
        case .sharedImplementation:
            "an implementation in two features makes each feature's demo link the other's code; give it to one feature."
        case .binaryBudget:
            "every module linked into the shipping binary has a byte budget, so a regression has an owning team before it ships."
        case .binaryBudgetMissing:
            "a module that ships without a binary budget grows unnoticed; it is exempt only so a merge that adds a module does not fail CI, until its team gives it a budget."
        case .followUpContract:
            "a follow-up's contract is its own: a feature, or the host, that imports it cannot be built, tested or switched off without that follow-up, and the plugin list stops being the one place follow-ups are named."
        case .staleGenerated:
            "the host's plugin list and the flag tables are generated from the features' manifests; a copy that differs builds or documents other follow-ups than the manifests declare."
        case .launchBudget:
            "launch time is what every user pays first; work added before the first answer is a regression its owner must see."
        }
    }
}
