import Foundation
import Testing
import TerminalUI

/// Keys read on the input thread from a pipe, as they would come from a terminal.
@Suite struct TerminalInputTests {
    private func nextEvents(_ iterator: inout AsyncStream<TerminalEvent>.Iterator, count: Int) async -> [TerminalEvent] {
        var events: [TerminalEvent] = []
        while events.count < count, let event = await iterator.next() { events.append(event) }
        return events
    }

    @Test func keysArriveInOrder() async throws {
        // Splits across reads are the decoder's tests; timing them through a pipe would be flaky.
        let pipe = Pipe()
        let input = TerminalInput(descriptor: pipe.fileHandleForReading.fileDescriptor, signals: false)
        defer {
            input.stop()
            withExtendedLifetime(pipe) {}
        }
        var iterator = input.events.makeAsyncIterator()
        pipe.fileHandleForWriting.write(Data("j\u{1B}[B\u{1B}[6~é\u{3}".utf8))
        #expect(await nextEvents(&iterator, count: 5) == [.key(.character("j")), .key(.down), .key(.pageDown), .key(.character("é")), .key(.interrupt)])
    }

    @Test func aLoneEscapeBecomesTheEscapeKey() async {
        let pipe = Pipe()
        let input = TerminalInput(descriptor: pipe.fileHandleForReading.fileDescriptor, signals: false)
        defer {
            input.stop()
            withExtendedLifetime(pipe) {}
        }
        var iterator = input.events.makeAsyncIterator()
        pipe.fileHandleForWriting.write(Data([0x1B]))
        #expect(await nextEvents(&iterator, count: 1) == [.key(.escape)])
    }

    @Test func theEndOfInputIsReportedAndPostedEventsArrive() async throws {
        let pipe = Pipe()
        let input = TerminalInput(descriptor: pipe.fileHandleForReading.fileDescriptor, signals: false)
        defer {
            input.stop()
            withExtendedLifetime(pipe) {}
        }
        var iterator = input.events.makeAsyncIterator()
        input.post(.redraw)
        #expect(await nextEvents(&iterator, count: 1) == [.redraw])
        try pipe.fileHandleForWriting.close()
        #expect(await nextEvents(&iterator, count: 1) == [.inputClosed])
    }

    @Test func stopEndsTheStream() async {
        let pipe = Pipe()
        let input = TerminalInput(descriptor: pipe.fileHandleForReading.fileDescriptor, signals: false)
        var iterator = input.events.makeAsyncIterator()
        input.stop()
        #expect(await iterator.next() == nil)
        withExtendedLifetime(pipe) {}
    }

    @Test func afterStopTheDescriptorIsNeverReadAgain() async throws {
        let pipe = Pipe()
        let input = TerminalInput(descriptor: pipe.fileHandleForReading.fileDescriptor, signals: false)
        var iterator = input.events.makeAsyncIterator()
        pipe.fileHandleForWriting.write(Data("j".utf8))
        #expect(await nextEvents(&iterator, count: 1) == [.key(.character("j"))])
        // The reader thread is polling the descriptor now.
        input.stop()
        // Whoever gets the descriptor next (a socket reusing its number) keeps every byte.
        pipe.fileHandleForWriting.write(Data("still here".utf8))
        try pipe.fileHandleForWriting.close()
        let left = try pipe.fileHandleForReading.readToEnd()
        #expect(left == Data("still here".utf8))
    }
}

/// Raw mode turns the terminal's own signals off, so the input plays the line discipline for Ctrl-Z.
@Suite struct TerminalInputSuspendTests {
    @Test func ctrlZIsASuspendNotAKey() async {
        let pipe = Pipe()
        let input = TerminalInput(descriptor: pipe.fileHandleForReading.fileDescriptor, signals: false)
        defer {
            input.stop()
            withExtendedLifetime(pipe) {}
        }
        var iterator = input.events.makeAsyncIterator()
        pipe.fileHandleForWriting.write(Data([0x6A, 0x1A, 0x6B]))
        var events: [TerminalEvent] = []
        while events.count < 3, let event = await iterator.next() { events.append(event) }
        #expect(events == [.key(.character("j")), .suspend, .key(.character("k"))])
    }
}
