import Arguments
import Testing

@Suite("ArgumentScanner")
struct ArgumentScannerTests {
    private func tokens(_ arguments: [String]) -> [ArgumentToken] {
        var scanner = ArgumentScanner(arguments, program: "demo")
        var out: [ArgumentToken] = []
        while let token = scanner.next() { out.append(token) }
        return out
    }

    @Test("--opt value and --opt=value give the same value")
    func bothForms() throws {
        for arguments in [["--port", "8080"], ["--port=8080"]] {
            var scanner = ArgumentScanner(arguments, program: "demo")
            #expect(scanner.next() == .option("--port"))
            #expect(try scanner.integer(in: 0...65535 as ClosedRange<Int>, expected: "a port") == 8080)
            #expect(scanner.next() == nil)
        }
    }

    @Test("-h, --help anywhere and help as the first argument are help")
    func help() {
        #expect(tokens(["-h"]) == [.help])
        #expect(tokens(["serve", "--help"]) == [.positional("serve"), .help])
        #expect(tokens(["help"]) == [.help])
        #expect(tokens(["serve", "help"]) == [.positional("serve"), .positional("help")])
    }

    @Test("-- ends the options")
    func doubleDash() {
        #expect(tokens(["--a", "--", "--b", "-h"]) == [.option("--a"), .positional("--b"), .positional("-h")])
    }

    @Test("a value that starts with -- is a missing value, with the same wording everywhere")
    func missingValue() {
        var scanner = ArgumentScanner(["--server", "--enable", "x"], program: "feed")
        _ = scanner.next()
        #expect(throws: ArgumentError("--server needs a value: a URL; see `feed --help`")) {
            try scanner.value(expected: "a URL")
        }
        var atEnd = ArgumentScanner(["--port"], program: "feed serve")
        _ = atEnd.next()
        #expect(throws: ArgumentError.missingValue(option: "--port", expected: "a port", program: "feed serve")) {
            try atEnd.value(expected: "a port")
        }
    }

    @Test("out-of-range and malformed numbers name the option, the value and what is accepted")
    func invalidNumbers() {
        var scanner = ArgumentScanner(["--rate=2", "--n", "x"], program: "demo")
        _ = scanner.next()
        #expect(throws: ArgumentError("invalid value '2' for --rate: expected 0 to 1; see `demo --help`")) {
            try scanner.number(in: 0...1, expected: "0 to 1")
        }
        _ = scanner.next()
        #expect(throws: ArgumentError.self) { try scanner.integer(in: 0...9 as ClosedRange<Int>, expected: "a digit") }
    }

    @Test("an option that takes no value refuses --opt=value")
    func noValue() throws {
        var scanner = ArgumentScanner(["--log=yes", "--log"], program: "demo")
        _ = scanner.next()
        #expect(throws: ArgumentError("invalid value 'yes' for --log: expected no value; see `demo --help`")) {
            try scanner.noValue()
        }
        _ = scanner.next()
        try scanner.noValue()
    }

    @Test("a lone - is a positional argument")
    func loneDash() {
        #expect(tokens(["-"]) == [.positional("-")])
    }
}
