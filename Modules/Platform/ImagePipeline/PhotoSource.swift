import Foundation

/// Where a photo's bytes come from: the disk cache while fresh, else the network (revalidating a
/// stale copy with `If-None-Match`), storing what the server allows.
struct PhotoSource: Sendable {
    let disk: DiskImageCache?
    let transport: any PhotoTransport
    let slots: DownloadSlots
    let metrics: MetricsRecorder
    let maxPhotoBytes: Int
    let now: @Sendable () -> Date

    /// The bytes of `url`. A download waits for one of the slots, at `priority`, under `loadID`.
    func bytes(for url: URL, loadID: UInt64, priority: ImagePriority) async throws(ImageLoadError) -> Data {
        let generation = disk?.generation ?? 0
        let stored = disk?.entry(for: url)
        if let stored, stored.policy.isFresh(storedAt: stored.storedAt, now: now()) {
            metrics.record { $0.diskHits += 1 }
            return stored.body
        }
        do {
            try await slots.acquire(id: loadID, priority: priority)
        } catch {
            throw .cancelled
        }
        defer { slots.release() }
        metrics.record { $0.downloads += 1 }
        let request = PhotoFetchRequest(url: url, ifNoneMatch: stored?.policy.etag, maxBodyBytes: maxPhotoBytes)
        switch try await transport.fetch(request) {
        case .notModified:
            guard let stored else { throw .network(.status(code: 304, message: "Not Modified, but nothing was stored")) }
            metrics.record { $0.notModified += 1 }
            // HTTPClient does not pass a 304's headers on, so the stored policy is renewed as it was.
            disk?.store(DiskEntry(url: url, storedAt: now(), policy: stored.policy, body: stored.body), generation: generation)
            return stored.body
        case .fetched(let body, let headers):
            metrics.record {
                $0.downloadedBytes += body.count
            }
            let policy = CachePolicy(headers: headers)
            if policy.isWorthStoring && !body.isEmpty {
                disk?.store(DiskEntry(url: url, storedAt: now(), policy: policy, body: body), generation: generation)
            } else if stored != nil {
                disk?.remove(url)
            }
            return body
        }
    }

    /// Forgets the stored copy of a photo that would not decode.
    func discard(_ url: URL) {
        disk?.remove(url)
    }
}
