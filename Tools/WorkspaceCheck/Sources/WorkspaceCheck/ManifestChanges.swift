/// What changed in `Package.swift` between two revisions, target by target: so a new follow-up's
/// targets, or one changed dependency list, affect those targets and their dependents only.
struct ManifestChanges: Sendable {
    /// The targets of the new manifest declared differently or not at all before, sorted (a
    /// product that changed, appeared or went brings in the targets it is built from).
    let targets: [String]
    /// The targets the old manifest declared and the new one does not, sorted.
    let removed: [String]
    /// Why every module is affected anyway (the tools version, platforms, package-wide settings
    /// or dependencies changed), or nil.
    let packageWide: String?

    /// The changes from `base` to `head`.
    init(base: PackageManifest, head: PackageManifest) {
        let before = Dictionary(base.targets.map { ($0.name, $0.declaration) }, uniquingKeysWith: { first, _ in first })
        var changed = Set(head.targets.filter { before[$0.name] != $0.declaration }.map(\.name))
        for (name, product) in head.products where base.products[name]?.declaration != product.declaration {
            changed.formUnion(product.targets)
        }
        // A product gone (an executable a test runs): the targets it was built from, where they remain.
        for (name, product) in base.products where head.products[name] == nil {
            changed.formUnion(product.targets)
        }
        let names = Set(head.targets.map(\.name))
        targets = changed.intersection(names).sorted()
        removed = Set(base.targets.map(\.name)).subtracting(names).sorted()
        packageWide = base.packageDeclaration == head.packageDeclaration
            ? nil : "the package-wide declarations (tools version, platforms, settings or dependencies) changed"
    }
}
