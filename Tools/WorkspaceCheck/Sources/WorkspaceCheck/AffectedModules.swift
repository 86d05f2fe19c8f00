/// What a set of changed files affects: the targets that contain them, every target that depends
/// on those (reverse edges, transitively) and the test targets to run.
struct AffectedModules: Sendable {
    /// The changed files, relative to the package root, sorted.
    let changed: [String]
    /// The target of each changed file that lies in one.
    let targetOfFile: [String: String]
    /// The changed file that made every module affected (`Package.swift` when it could not be
    /// compared target by target or changed package-wide, the config), if any.
    let everythingBecause: String?
    /// What changed in `Package.swift`, target by target, when it changed and could be compared.
    let manifestChanges: ManifestChanges?
    /// The targets that contain a changed file (every target when `everythingBecause` is set), sorted.
    let touched: [String]
    /// The non-test targets that depend on a touched one, directly or not, sorted.
    let dependents: [String]
    /// The test targets to run, sorted: those affected, the `XTests` of every affected `X`, and
    /// the end-to-end tests (role `e2e`) when a host is affected.
    let tests: [String]

    /// Works out what `changed` affects in `workspace`; `manifestChanges` says what changed in
    /// `Package.swift` when it is among them (without it, a changed manifest affects everything).
    init(workspace: Workspace, changed: [String], manifestChanges: ManifestChanges? = nil) {
        self.changed = changed.sorted()
        let targets = workspace.manifest.targets
        let byDepth = targets.sorted { $0.path.count > $1.path.count }
        var targetOfFile: [String: String] = [:]
        for file in changed {
            if let target = byDepth.first(where: { file == $0.path || file.hasPrefix($0.path + "/") }) {
                targetOfFile[file] = target.name
            }
        }
        self.targetOfFile = targetOfFile
        let manifestChanged = self.changed.contains(workspace.manifestFile)
        self.manifestChanges = manifestChanged ? manifestChanges : nil
        if self.changed.contains(workspace.config.file) {
            everythingBecause = workspace.config.file
        } else if manifestChanged, manifestChanges == nil || manifestChanges?.packageWide != nil {
            everythingBecause = workspace.manifestFile
        } else {
            everythingBecause = nil
        }
        let declared = manifestChanged ? manifestChanges?.targets ?? [] : []
        let touched = everythingBecause == nil ? Set(targetOfFile.values).union(declared) : Set(targets.map(\.name))
        var dependentsOf: [String: [String]] = [:]
        for target in targets {
            for dependency in target.dependencies where dependency.package == nil {
                dependentsOf[dependency.name, default: []].append(target.name)
            }
        }
        var affected = touched
        var queue = Array(touched)
        while let next = queue.popLast() {
            for dependent in dependentsOf[next] ?? [] where affected.insert(dependent).inserted {
                queue.append(dependent)
            }
        }
        let isTest = Dictionary(targets.map { ($0.name, $0.isTest) }, uniquingKeysWith: { first, _ in first })
        var tests = Set(affected.filter { isTest[$0] == true })
        for name in affected where isTest["\(name)Tests"] == true { tests.insert("\(name)Tests") }
        if affected.contains(where: { workspace.roles[$0]?.role.name == "host" }) {
            tests.formUnion(targets.filter { $0.isTest && workspace.roles[$0.name]?.role.name == "e2e" }.map(\.name))
        }
        self.touched = touched.sorted()
        dependents = affected.subtracting(touched).filter { isTest[$0] == false }.sorted()
        self.tests = tests.sorted()
    }
}
