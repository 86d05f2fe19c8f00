/// The deterministic posts the server serves: the same seed and count always give the same posts.
struct FeedDataset: Sendable {
    /// Posts `p1`…`pN` in id order.
    let posts: [ServerPost]
    /// The index of each post by id.
    let indexByID: [String: Int]

    init(count: Int, seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var posts: [ServerPost] = []
        posts.reserveCapacity(max(0, count))
        for number in stride(from: 1, through: count, by: 1) {
            var post = Self.makePost(number: number, random: &random)
            // Drawn apart from the main stream, so the posts' other fields stay what they were.
            var extra = SplitMix64(seed: seed ^ 0xC0FF_EE00_0000_0000 ^ UInt64(number))
            // The newest (highest number) about a minute old, about 40 minutes apart going back.
            post.ageSeconds = 30 + (count - number) * 2_400 + extra.nextInt(below: 1_800)
            post.commentCount = Self.commentCount(&extra)
            posts.append(post)
        }
        self.posts = posts
        self.indexByID = Dictionary(uniqueKeysWithValues: posts.enumerated().map { ($1.id, $0) })
    }

    /// Post `p<number>` published while the server runs: drawn from its own seeded stream, so
    /// its author, caption and size depend only on the seed and the number; not liked, no likes.
    static func newPost(number: Int, seed: UInt64) -> ServerPost {
        var random = SplitMix64(seed: seed ^ (UInt64(number) &* 0xA076_1D64_78BD_642F))
        var post = makePost(number: number, random: &random)
        post.initiallyLiked = false
        post.initialLikeCount = 0
        return post
    }

    private static func makePost(number: Int, random: inout SplitMix64) -> ServerPost {
        let id = "p\(number)"
        let authorIndex = random.nextInt(below: authors.count)
        let (width, height) = imageSize(&random)
        let liked = random.chance(0.2)
        // Mostly small counts with a long tail up to about 5000.
        let fraction = random.nextDouble()
        var likeCount = Int(fraction * fraction * fraction * 5000)
        if liked { likeCount = max(1, likeCount) }
        return ServerPost(
            id: id,
            authorID: "u\(authorIndex + 1)",
            authorName: authors[authorIndex],
            caption: caption(&random),
            width: width,
            height: height,
            initialLikeCount: likeCount,
            initiallyLiked: liked
        )
    }

    /// Mostly none or a few, a long tail up to about 400.
    private static func commentCount(_ random: inout SplitMix64) -> Int {
        let fraction = random.nextDouble()
        return Int(fraction * fraction * fraction * fraction * 400)
    }

    private static func imageSize(_ random: inout SplitMix64) -> (Int, Int) {
        let draw = random.nextDouble()
        switch draw {
        case ..<0.35: return (1080, 1350)
        case ..<0.65: return (1080, 1080)
        case ..<0.90: return (1600, 900)
        default: return random.pick(oddSizes)
        }
    }

    private static func caption(_ random: inout SplitMix64) -> String {
        let draw = random.nextDouble()
        switch draw {
        case ..<0.10:
            return ""
        case ..<0.20:
            var text = sentence(&random, words: 8)
            while text.count < 190 { text += " " + sentence(&random, words: 6 + random.nextInt(below: 6)) }
            return text
        case ..<0.32:
            return sentence(&random, words: 2 + random.nextInt(below: 8)) + " " + random.pick(emoji) + random.pick(emoji)
        case ..<0.42:
            let phrase = random.pick(wideText)
            return random.chance(0.5) ? phrase + " " + random.pick(emoji) : phrase
        default:
            return sentence(&random, words: 2 + random.nextInt(below: 11))
        }
    }

    private static func sentence(_ random: inout SplitMix64, words: Int) -> String {
        var parts: [String] = []
        for _ in 0..<max(1, words) { parts.append(random.pick(vocabulary)) }
        let text = parts.joined(separator: " ")
        return text.prefix(1).uppercased() + text.dropFirst() + random.pick([".", "!", "", "…", "?"])
    }

    static let authors: [String] = [
        "Ada Lovelace", "Grace Hopper", "Linus", "María José García-López", "Zoë Ødegaard", "李小龙",
        "山田 太郎", "김민준", "Ngozi Okonjo", "Søren Kierkegaard", "Ahmed Al-Farsi", "Olga Petrova",
        "Jean-Luc Picard", "Ana", "Bartholomew Fitzgerald-Worthington III", "Chen Wei", "Priya Raghunathan",
        "Kwame Mensah", "Lúcia Ferreira", "Ölçer Yılmaz", "Dmitri", "Fatima Zahra", "Hiroshi Tanaka",
        "Élodie Marchand", "Tomás O'Brien", "Ингрид Свенсон", "Nguyễn Văn An", "📸 Lens Life 📸",
        "sunset_chaser_99", "Mia", "Agnieszka Wiśniewska", "Rafael Moreno", "Aiyana Whitehorse",
        "Björk Guðmundsdóttir", "Θεόδωρος Κωνσταντίνου", "Yuki ❄️",
    ]

    private static let oddSizes: [(Int, Int)] = [
        (1080, 2400), (2400, 800), (1, 1), (2000, 1500), (500, 1200), (999, 1001), (2048, 2047),
    ]

    private static let vocabulary: [String] = [
        "morning", "light", "over", "the", "harbour", "coffee", "with", "friends", "quiet", "street",
        "after", "rain", "golden", "hour", "mountain", "trail", "city", "lights", "weekend", "market",
        "old", "bridge", "little", "cat", "sleeping", "on", "my", "desk", "first", "snow", "of", "season",
        "fresh", "bread", "from", "bakery", "long", "walk", "by", "river", "sunset", "again", "cannot",
        "believe", "this", "view", "new", "lens", "test", "shot", "blue", "sky", "and", "green", "fields",
    ]

    private static let emoji: [String] = ["🌅", "📷", "✨", "🏔️", "🌊", "🍜", "🐈", "❤️", "🎉", "👩‍👩‍👧", "🇯🇵", "🔥"]

    private static let wideText: [String] = [
        "東京の夕焼け", "今日はいい天気ですね", "山頂からの眺め", "我爱摄影，每天都拍一张照片", "서울의 밤",
        "京都の古い町並みを散歩しました", "上海外滩夜景", "ラーメン最高！",
    ]
}
