import CCurl
import CCurlShim
import Foundation

/// The engine's thread: takes new exchanges and aborts, starts what the limits allow, drives
/// libcurl until something happens, and ends exchanges. Everything here runs on that thread.
struct CurlMultiLoop {
    /// The longest wait for the network before the loop looks again (new mail wakes it at once).
    private static let pollMilliseconds = 1000
    /// How many easy handles of finished exchanges are kept for the next ones.
    private static let maxSpare = 8

    private let engine: CurlEngine
    private let multi: UnsafeMutableRawPointer
    private let limits: CurlEngine.Limits
    private var queue: TransferQueue<CurlEngine.Job>
    private var running: [UnsafeMutableRawPointer: CurlExchange] = [:]
    private var easyOf: [ObjectIdentifier: UnsafeMutableRawPointer] = [:]
    private var spare: [UnsafeMutableRawPointer] = []
    /// Whether an exchange waiting in the queue may be able to start.
    private var mayStart = false

    init(engine: CurlEngine, multi: UnsafeMutableRawPointer) {
        self.engine = engine
        self.multi = multi
        limits = engine.limits
        queue = TransferQueue(perOrigin: limits.perOrigin, total: limits.total, reservedForFirst: limits.reservedForAPICalls)
    }

    /// Runs until the engine closes, then ends every exchange.
    mutating func run() {
        while true {
            let mail = engine.takeMail()
            if mail.closing {
                for job in mail.jobs { engine.finish(job, .aborted) }
                break
            }
            for job in mail.jobs { enqueue(job) }
            for transfer in mail.aborted { abort(transfer) }
            startWaiting()
            var left: Int32 = 0
            guard curl_multi_perform(multi, &left) == CURLM_OK else {
                endAll(.failed(CurlError(code: CURLE_FAILED_INIT), afterResponse: false))
                continue
            }
            var queued: Int32 = 0
            while let message = curl_multi_info_read(multi, &queued) {
                guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle else { continue }
                let code = message.pointee.data.result
                end(easy) { $0.result(code) }
            }
            let wait = expireDrains()
            // A finished exchange may have made room for one that waits: start it without waiting.
            if mayStart && queue.waitingCount > 0 && queue.runningCount < queue.total { continue }
            _ = curl_multi_poll(multi, nil, 0, Int32(wait), nil)
        }
        endAll(.aborted)
        for job in queue.removeAll() { engine.finish(job, .aborted) }
        for job in engine.takeMail().jobs { engine.finish(job, .aborted) }
        for easy in spare { curl_easy_cleanup(easy) }
    }

    private mutating func enqueue(_ job: CurlEngine.Job) {
        let transfer = job.transfer
        if transfer.isAborted { return engine.finish(job, .aborted) }
        queue.append(job, id: ObjectIdentifier(transfer), origin: transfer.origin, first: transfer.request.isAPICall)
        mayStart = true
    }

    /// Starts the waiting exchanges the limits allow.
    private mutating func startWaiting() {
        guard mayStart else { return }
        mayStart = false
        while let (job, origin) = queue.next() {
            switch CurlExchange.make(job, origin: origin, spare: spare.popLast()) {
            case .failure(let error):
                queue.finished(origin)
                engine.finish(job, .failed(error, afterResponse: false))
            case .success(let exchange):
                guard curl_multi_add_handle(multi, exchange.easy) == CURLM_OK else {
                    curl_easy_cleanup(exchange.release())
                    queue.finished(origin)
                    engine.finish(job, .failed(CurlError(code: CURLE_FAILED_INIT), afterResponse: false))
                    continue
                }
                running[exchange.easy] = exchange
                easyOf[ObjectIdentifier(job.transfer)] = exchange.easy
            }
        }
    }

    /// A waiting exchange leaves the queue; a running one ends at once (libcurl closes its
    /// connection) unless its caller let it keep the connection and little is left to read.
    private mutating func abort(_ transfer: CurlTransfer) {
        let id = ObjectIdentifier(transfer)
        if let job = queue.remove(id) { return engine.finish(job, .aborted) }
        guard let easy = easyOf[id], let exchange = running[easy], exchange.drainDeadline == nil else { return }
        if transfer.mayKeepConnection && exchange.mayDrain(maxBytes: limits.drainBytes) {
            transfer.drain(upTo: limits.drainBytes)
            exchange.drainDeadline = .now + limits.drainTime
        } else {
            end(easy) { _ in .aborted }
        }
    }

    /// Ends the drains that ran out of time; returns how long to wait for the network, in ms.
    private mutating func expireDrains() -> Int {
        let now = ContinuousClock.now
        var wait = Duration.milliseconds(Self.pollMilliseconds)
        for (easy, exchange) in running {
            guard let deadline = exchange.drainDeadline else { continue }
            if deadline <= now {
                end(easy) { _ in .aborted }
            } else {
                wait = min(wait, deadline - now)
            }
        }
        let (seconds, attoseconds) = wait.components
        return max(1, Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000))
    }

    /// Takes `easy` off the multi handle (an unfinished exchange closes its connection, a
    /// finished one leaves it in the cache), frees it and tells its caller.
    private mutating func end(_ easy: UnsafeMutableRawPointer, _ result: (CurlExchange) -> CurlTransfer.Result) {
        guard let exchange = running.removeValue(forKey: easy) else { return }
        easyOf[ObjectIdentifier(exchange.job.transfer)] = nil
        curl_multi_remove_handle(multi, easy)
        let outcome = exchange.drainDeadline == nil ? result(exchange) : .aborted
        let free = exchange.release()
        if spare.count < Self.maxSpare { spare.append(free) } else { curl_easy_cleanup(free) }
        queue.finished(exchange.origin)
        mayStart = true
        engine.finish(exchange.job, outcome)
    }

    private mutating func endAll(_ result: CurlTransfer.Result) {
        for easy in Array(running.keys) { end(easy) { _ in result } }
    }
}
