/// The role a target has, and how it got it.
struct RoleAssignment: Equatable, Sendable {
    /// The role.
    let role: RoleDefinition
    /// What the `*` of the matching pattern stood for (`Feed` for `FeedTests` and `*Tests`);
    /// nil when the target is listed by name or has its role from its folder.
    let module: String?
    /// The role folder the target lives in, when that gave the role.
    var folder: String? = nil

    /// Finds the role of `target` at `path` (relative to the package root): an explicit listing
    /// wins, then the role folder it lives in, else the first role (in config order) with a
    /// matching name pattern.
    static func find(for target: String, path: String, in roles: [RoleDefinition]) -> RoleAssignment? {
        if let role = roles.first(where: { $0.targets[target] != nil }) {
            return RoleAssignment(role: role, module: nil)
        }
        for role in roles {
            if let folder = role.folders.first(where: { path == $0 || path.hasPrefix($0 + "/") }) {
                return RoleAssignment(role: role, module: nil, folder: folder)
            }
        }
        for role in roles {
            for pattern in role.patterns {
                if let capture = RoleDefinition.match(target, pattern: pattern) {
                    return RoleAssignment(role: role, module: capture)
                }
            }
        }
        return nil
    }
}
