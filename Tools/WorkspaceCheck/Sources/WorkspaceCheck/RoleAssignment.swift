/// The role a target has, and how it got it.
struct RoleAssignment: Equatable, Sendable {
    /// The role.
    let role: RoleDefinition
    /// What the `*` of the matching pattern stood for (`Feed` for `FeedTests` and `*Tests`);
    /// nil when the target is listed by name.
    let module: String?

    /// Finds the role of `target`: an explicit listing wins, else the first role (in config order)
    /// with a matching pattern.
    static func find(for target: String, in roles: [RoleDefinition]) -> RoleAssignment? {
        if let role = roles.first(where: { $0.targets[target] != nil }) {
            return RoleAssignment(role: role, module: nil)
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
