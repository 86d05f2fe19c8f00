/// Services the follow-ups and the host offer each other, found by the type they are offered as
/// (a protocol of an interface module), never by downcasting a value another follow-up may have
/// wrapped. Built by the host, one per app; follow-ups offer theirs while they are activated.
@MainActor
public protocol ServiceRegistry: AnyObject {
    /// Offers `service` as `type`; a later offer of the same type replaces it (a wrapper offers what it wraps).
    func offer<Service>(_ service: Service, as type: Service.Type)
    /// The service offered as `type`, or nil when none was.
    func service<Service>(_ type: Service.Type) -> Service?
}

extension ServiceRegistry {
    /// Offers `service` as its own static type.
    public func offer<Service>(_ service: Service) { offer(service, as: Service.self) }
}
