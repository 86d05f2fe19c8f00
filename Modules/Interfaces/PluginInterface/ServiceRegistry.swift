/// Services the follow-ups and the host offer each other, found by the type they are offered as
/// (a protocol of an interface module), never by downcasting a value another follow-up may have
/// wrapped. Built by the host, one per app; follow-ups offer theirs while they are activated.
@MainActor
public final class ServiceRegistry {
    private var services: [ObjectIdentifier: Any] = [:]

    /// An empty registry.
    nonisolated public init() {}

    /// Offers `service` as `type`; a later offer of the same type replaces it (a wrapper offers what it wraps).
    public func offer<Service>(_ service: Service, as type: Service.Type = Service.self) {
        services[ObjectIdentifier(type)] = service
    }

    /// The service offered as `type`, or nil when none was.
    public func service<Service>(_ type: Service.Type = Service.self) -> Service? {
        services[ObjectIdentifier(type)] as? Service
    }
}
