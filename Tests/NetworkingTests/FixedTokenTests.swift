import Networking
import Testing

@Suite("a fixed bearer token")
struct FixedTokenTests {
    @Test("it is sent as it is, and a refusal cannot renew it but says why")
    func refusal() async {
        let token = FixedToken(token: "t-1", rejected: "run `feed login` again")
        #expect(await token.currentToken() == "t-1")
        do {
            _ = try await token.refreshToken(rejected: "t-1")
            Issue.record("a fixed token renewed itself")
        } catch {
            #expect("\(error)" == "run `feed login` again")
        }
    }
}
