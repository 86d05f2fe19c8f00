import ImageCodec
import Testing

/// The BlurHash decoder and encoder against the reference implementation's vectors: the 32×32
/// decode the blurhash-python test suite checks (`tests/blurhash_out.npy`, blurhash 1.1.5 on PyPI,
/// a port of woltapp/blurhash), and decodes and encodes that port printed.
@Suite("BlurHash: a photo's placeholder from its hash")
struct BlurHashTests {
    /// The reference's 32×32 decode of `UBMOZfK1GG%LBBNG,;Rj2skq=eE1s9n4S5Na`, RGB bytes row by row.
    private static let coolCat32 = [
        "aa8652aa8652ab8653ac8653ac8654ad8654ae8654af8654b08554b08553b08451af834fae824cad8048ac7f45aa7e41",
        "a97d3da87c3ba77c39a77c39a77d3aa97e3daa7f41ad8147b0834cb38552b68758b9895dbb8b61be8c64bf8d67c08e69",
        "ab8653ab8653ab8653ac8653ad8654ae8654ae8654af8654b08554b08552b08451af834eae824cad8048ac7f45aa7e41",
        "a97d3ea87d3ba87c39a87c39a87d3aa97e3dab7f42ad8147b0834cb38552b68757b9895cbb8a61be8c64bf8d67c08e68",
        "ac8754ac8754ac8754ad8754ad8754ae8755af8655af8654b08553b08452b08350af824eae814bad8048ac7f45ab7e41",
        "aa7d3ea97d3ca97c3aa97d3aaa7d3cab7e3fad7f43af8147b1834db48552b78757b9885cbc8a60be8b63bf8c65c08d67",
        "ad8855ad8855ad8855ae8855ae8755af8755af8655b08654b08553b08452b08350b0824eaf814bae8048ad7f45ad7e42",
        "ac7d3fac7d3dab7d3cac7d3dac7e3ead7f41af8044b18149b3834db58552b88657ba885bbc895ebe8a61bf8b64c08c65",
        "af8957af8957af8957b08957b08856b08756b08655b08554b08453b08351b0824fb0814db0804aaf7f48af7e45af7e43",
        "ae7e41ae7d3faf7e3faf7e3fb07f41b18043b28146b4824ab6834eb78552b98656bb8759bc885dbe895fbf8a61bf8a62",
        "b28b59b28b59b28a59b28a58b28957b18856b18655b18554b18452b18350b1814eb1804bb17f49b17f47b17e45b17e43",
        "b17e42b27e42b27e42b37f42b48044b58146b68249b7834cb9844fba8552bb8555bc8658bd875abe875cbe885ebf885f",
        "b48c5bb48c5bb48b5bb48a5ab38958b38857b38655b28553b28351b2824eb2804cb27f4ab27e48b37e46b37e45b47e44",
        "b57e44b67f44b77f44b88046b98147ba8249bb834bbb844ebc8450bd8552bd8554bd8556be8558be8559be865abe865b",
        "b78d5db78d5db78c5cb68b5bb68a59b58857b48655b48452b3824fb3804db37f4ab37e48b47d46b57d45b67d44b77e44",
        "b97e45ba7f46bb8047bd8149be834bbe834cbf844ebf8450c08551bf8553bf8554bf8455be8455be8456be8356bd8357",
        "ba8f5fba8e5fb98d5eb98c5cb88a5ab78857b68654b58351b5814db47f4ab47e48b57c46b67c44b77c44b97c44bb7d45",
        "bd7f46be8048c0814ac2834cc3844ec38550c48551c48652c38553c28553c18453c08453bf8353be8253bd8153bd8152",
        "bd8f60bc8f60bc8e5ebb8d5cba8a5ab98857b88553b7834fb6804bb67e48b67c45b77b43b87b42ba7b42bc7c43be7d44",
        "c17f47c3814ac5834cc6844fc88551c88652c88753c88754c78654c58554c48453c28352c08251bf8050bd7f4fbc7f4e",
        "bf9061bf9060be8e5fbd8d5dbc8a59bb8856ba8551b9824db87f48b87c44b87b41b97a3fbb793fbd7a3fc07b41c27d44",
        "c57f47c7814bca844ecb8551cc8753cd8855cc8856cb8856ca8756c88654c68453c38351c1814fbf7f4dbd7e4cbc7d4b",
        "c19061c19060c08e5fbf8c5cbe8a59bd8754bc844fbb804aba7d45ba7b41bb793dbc783bbe783bc0793dc37b3fc67d43",
        "c97f47cc824cce854fd08753d08855d18957d08958cf8958cd8857cb8655c88553c58251c2804ebf7e4bbd7c49bc7b48",
        "c39061c38f60c28e5ec18c5bc08957bf8653be834dbd7f47bc7c42bd793dbd7739bf7737c17737c4783ac77a3dca7d42",
        "cd8047d0834cd28550d38854d48957d48a59d38b5ad28a59d08958cd8756c98554c68250c3804dc07d4abd7c47bc7a46",
        "c58f60c48f5fc48d5dc38b5ac28856c18550c0814abf7e44bf7a3ebf7838c07634c27532c47633c77736ca7a3bcd7d40",
        "d08046d3834cd58651d78955d78b58d78c5ad68c5bd48b5bd28a59cf8857cb8554c78351c3804dc07d4abe7b47bc7a45",
        "c68e5ec58e5ec58d5cc48a58c38754c2844ec18048c17c41c1793ac17634c3752fc5742dc7752fca7732cd7938d17d3f",
        "d48045d6844bd88751da8955da8b59da8d5bd88d5cd68c5cd38b5ad08958cc8655c88351c4804dc17d4abe7b47bc7a45",
        "c68d5dc68d5cc68c5ac58956c48651c3834cc37f45c37b3dc37836c4752fc5742ac77328ca742acd762fd07935d37d3c",
        "d68044d9844adb8750dc8a55dc8c59db8d5bda8e5cd88d5cd58c5bd18959cd8756c98452c5814ec17e4bbe7c48bd7a45",
        "c68c5bc68c5ac68a58c58854c5854fc48249c47e42c47a3ac57732c6742bc87325ca7323cc7426cf762bd27932d57c3a",
        "d88042da8449dc884fdd8a54dd8d58dc8e5bdb8e5cd88d5cd58c5bd18a59cd8756c98453c5814fc17f4cbf7c49bd7b47",
        "c68b59c68b58c68956c68752c5844dc58147c57d40c57938c6762fc87427c97322cc721fce7422d17628d47930d77d38",
        "da8040dc8447dd884ede8b53de8d57dd8e5adb8e5cd98e5cd58c5bd28a59cd8857c98554c58250c27f4dbf7d4abd7c49",
        "c68a58c68a57c68855c58651c5834cc58045c67d3ec67936c7762dc97425cb731fcd731dd0741fd27625d5792dd87d36",
        "da803edc8446dd884cde8a52de8d56dd8e59db8e5bd88e5bd58d5bd18b59cd8857c98554c58351c2804fbf7e4cbe7d4b",
        "c58a56c58956c58853c58650c5834bc58045c67c3dc77935c8762dca7425cc731fce731cd1741ed37624d6792cd87d34",
        "da803cdc8444dd874add8a50dd8c54dc8d57da8e59d78d5ad48c5ad08b59cd8857c98655c58352c28150bf7f4ebe7e4c",
        "c48956c48955c48853c4864fc5834bc58045c67d3ec77a36c8772eca7526cc7420ce741dd1751fd37724d67a2bd87d33",
        "da803bdb8442dc8748dc894edb8b52da8d55d88d58d68d59d38c59cf8a58cc8857c88655c58353c28151bf7f4fbe7e4e",
        "c38956c38955c38853c48650c4834bc58146c67e3fc77b38c87831ca762acc7524ce7521d07621d27825d57a2bd77d32",
        "d88039d98340da8646da894bd98b50d88c53d68c55d48c57d18b57ce8a57cb8856c78654c48453c18251bf8050be7f4f",
        "c28a56c28956c28854c28751c3844dc48248c57f42c67c3bc77a34c9782ecb7729cd7625cf7725d17827d37b2cd57d32",
        "d68038d7833ed88544d88849d7894dd68b50d48b53d28b54cf8a55cc8955c98754c68553c38352c18251bf8050be7f4f",
        "c18b58c18a57c18956c18853c2864fc3834ac48045c57e3fc67c39c87a33ca782ecb782bcd782acf792bd17b2ed37d32",
        "d48038d5823dd58542d58747d4884ad3894ed18a50cf8a52cd8953ca8853c88653c58552c28351c08151bf8050bd7f4f",
        "bf8c5ac08b59c08b58c08955c18752c1854ec28249c38043c57e3ec67c39c87a34c97a30cb7a2fcd7b2fce7c30d07e33",
        "d18037d2823cd28440d28544d18748d0884bcf884dcd884fcb8850c88751c68551c48450c18250bf8150be804fbd7f4f",
        "be8d5cbe8d5cbf8c5abf8b58bf8955c08751c1844dc28248c38043c47e3ec67c3ac77c36c97b33ca7c32cc7d33cd7e35",
        "ce7f37ce813bcf833ecf8442ce8545cd8648cc874aca864cc8864dc6854ec4844ec2834ec0824ebf804ebd7f4ebd7f4e",
        "bd8f5fbd8f5ebd8e5dbe8c5bbe8b58bf8955bf8651c0844cc18248c28043c37e3fc57d3bc67d38c77d36c87d36ca7e36",
        "ca7f38cb813acb823dcb8340cb8442ca8545c98547c88549c6844ac4844bc3834cc1824cbf814cbe804cbd7f4cbc7e4c",
        "bc9161bc9061bc8f5fbd8e5ebd8d5bbd8b58be8854be8650bf844cc08247c18043c27f3fc37e3cc47e3ac57e39c67e38",
        "c77f39c8803ac8813cc8823ec88340c78342c78344c58346c48347c38248c18149c0804abe804abd7f4abc7e4bbb7e4b",
        "bc9263bc9263bc9162bc9060bc8e5ebc8c5bbc8a57bd8854bd8650be844bbf8247c08043c07f40c17f3dc27e3bc37f3a",
        "c47f39c5803ac5803bc5813cc5813ec5823fc48241c38243c28144c18146c08047be7f47bd7f48bc7e49bb7d49bb7d49",
        "bb9365bb9365bb9264bb9162bb9060bb8e5dbb8c5abb8956bc8752bc854ebd834abd8146be8043bf7f40c07f3dc17f3b",
        "c27f3ac27f3ac3803ac3803bc3803cc3813dc2813fc28140c18042c08043bf7f44be7e45bc7e46bc7d47bb7d47ba7c47",
        "bb9467bb9466ba9365ba9264ba9162ba8f5fba8d5cba8a58ba8855bb8651bb844dbc8249bc8145bd8041be7f3ebf7f3c",
        "c07f3bc07f3ac17f39c17f3ac1803bc1803cc1803dc0803ec07f40bf7f41be7e43bd7e44bc7d45bb7c45ba7c46ba7c46",
        "ba9568ba9567ba9466ba9365ba9163ba9060b98d5db98b5ab98956ba8752ba854ebb834abb8146bc8043bd7f3fbe7f3d",
        "be7f3bbf7f3ac07f39c07f39c07f3ac07f3bc07f3cc07f3dbf7f3fbe7e40bd7e41bc7d43bc7d44bb7c44ba7c45ba7b45",
    ].joined()

    private static func bytes(_ hex: String) -> [UInt8] {
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            bytes.append(UInt8(hex[index..<next], radix: 16)!)
            index = next
        }
        return bytes
    }

    @Test("the reference suite's 32×32 decode, byte for byte")
    func referenceDecode() throws {
        let hash = try #require(BlurHash("UBMOZfK1GG%LBBNG,;Rj2skq=eE1s9n4S5Na"))
        #expect(hash.componentsX == 4 && hash.componentsY == 4)
        let image = hash.decode(width: 32, height: 32)
        let expected = Self.bytes(Self.coolCat32)
        #expect(expected.count == 32 * 32 * 3)
        let differing = zip(image.pixels, expected).filter { $0 != $1 }.count
        #expect(differing == 0, "\(differing) of \(expected.count) bytes differ from the reference")
    }

    @Test("the README's hash at other sizes and a stronger punch, as the reference port decodes them", arguments: [
        ("LEHV6nWB2yk8pyo0adR*.7kCMdnj", 8, 6, 1.0, "87a4b18fa7b1a1adb1b0b2aeb5b4abafb1aba0acae90a7b383a1af8ca2ae9da6aaaba8a5b0a9a1aaa8a29ba6a98da3b07c9aa98399a594949aa1918da491869f948c92989b869aa97894a27f909b8d868b9a7e769e7d6c9984768e8c8d82929f7c909a828d949086849d8171a38268a08772948c86858e978490958a9091979087a6927cae9476ab957b9e93878b8f92"),
        ("LEHV6nWB2yk8pyo0adR*.7kCMdnj", 5, 3, 2.0, "74b0c99dbcc8c9cbc3c6c9bd9bbbc7559fbb8296a9ac8b80a9907d829cac578a9f7c7a81a7661eab7321848386"),
        ("00Q]$m", 3, 2, 1.0, "eae9e7eae9e7eae9e7eae9e7eae9e7eae9e7"),
    ] as [(String, Int, Int, Double, String)])
    func portVectors(hash: String, width: Int, height: Int, punch: Double, hex: String) throws {
        let image = try #require(BlurHash(hash)).decode(width: width, height: height, punch: punch)
        #expect(image.width == width && image.height == height)
        #expect(image.pixels == Self.bytes(hex))
    }

    @Test("the average colour is the DC component")
    func average() throws {
        let colour = try #require(BlurHash("00Q]$m")).averageColour
        #expect([colour.red, colour.green, colour.blue] == [0xea, 0xe9, 0xe7])
    }

    @Test("malformed hashes are refused: short, a wrong length for its components, a foreign character, too long", arguments: [
        "", "UBMO", "UBMOZfK1GG%LBBNG", "UBMOZfK1GG%LBBNG,;Rj2skq=eE1s9n4S5N", "UBMOZfK1GG%LBBNG,;Rj2skq=eE1s9n4S5Na0",
        "LEHV6nWB2yk8pyo0adR*.7kCMdn\"", "LEHV6nWB2yk8pyo0adR*.7kCMdné", String(repeating: "~", count: 400),
    ])
    func refused(text: String) {
        #expect(BlurHash(text) == nil)
    }

    @Test("hostile sizes and punches are clamped, never trapped on")
    func hostileSizes() throws {
        let hash = try #require(BlurHash("LEHV6nWB2yk8pyo0adR*.7kCMdnj"))
        let huge = hash.decode(width: Int.max, height: -5, punch: .infinity)
        #expect(huge.width == BlurHash.maxSide && huge.height == 1)
        let nan = hash.decode(width: 2, height: 2, punch: .nan)
        #expect(nan.pixels == hash.decode(width: 2, height: 2).pixels)
    }

    @Test("encoding a 16×12 gradient gives the reference port's hashes, at 4×3, 1×1 and 9×9", arguments: [
        (4, 3, "LsGuUI2*wyoyqdR.jue:f~fkfQfj"), (1, 1, "00GuUI"),
        (9, 9, "|sGuUI2*wyoySKt6SKxZN@qdR.jue:a}jGa}jGa}f~fkfQfjfQfjfQfjfQt6Sejtfja{j[a{j[a{eof8fQf7fQf6fQf6fQtQSdjtfja{j[a{j[a{eVf8fQf7fQf6fQf6fQtQSdjtfja{j[a{j[a{eVf8fQf7fQf6fQf6fQ"),
    ] as [(Int, Int, String)])
    func encode(componentsX: Int, componentsY: Int, expected: String) {
        var pixels: [UInt8] = []
        for y in 0..<12 {
            for x in 0..<16 { pixels += [UInt8((x * 16) % 256), UInt8((y * 20) % 256), UInt8(((x + y) * 8) % 256)] }
        }
        let image = RGBImage(width: 16, height: 12, pixels: pixels)
        #expect(BlurHash.encode(image, componentsX: componentsX, componentsY: componentsY) == expected)
        #expect(BlurHash(expected) != nil, "what is encoded decodes")
    }
}
