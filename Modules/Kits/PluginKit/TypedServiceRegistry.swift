import PluginInterface

/// The app's `ServiceRegistry`: services kept by the type they are offered as, one per type.
@MainActor
public final class TypedServiceRegistry: ServiceRegistry {
    private var services: [ObjectIdentifier: Any] = [:]

    /// An empty registry.
    nonisolated public init() {}

    /// Offers `service` as `type`; a later offer of the same type replaces it (a wrapper offers what it wraps).
    public func offer<Service>(_ service: Service, as type: Service.Type) {
        services[ObjectIdentifier(type)] = service
    }

    /// The service offered as `type`, or nil when none was.
    public func service<Service>(_ type: Service.Type) -> Service? {
        services[ObjectIdentifier(type)] as? Service
    }
}
