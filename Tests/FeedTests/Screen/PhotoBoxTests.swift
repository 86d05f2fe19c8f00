import Foundation
import TerminalUIInterface
import Testing
@testable import Feed

@Suite struct PhotoBoxTests {
    @Test func heightComesFromTheAspectRatioClampedToMinimumAndMaximum() {
        let square = PhotoBox(aspectRatio: 1, availableColumns: 77, maxRows: 8)
        #expect(square.rows == 8 && square.columns == 16)
        let panorama = PhotoBox(aspectRatio: 3, availableColumns: 77, maxRows: 8)
        #expect(panorama.rows == 8 && panorama.columns == 48, "8 lines tall: 8 × 2 × 3 = 48 columns")
        let wide = PhotoBox(aspectRatio: 3, availableColumns: 160, maxRows: 24)
        #expect(wide.columns == PhotoBox.maximumColumns && wide.rows == 16, "96 columns at most: 96 ÷ 3 ÷ 2 = 16 lines")
        let banner = PhotoBox(aspectRatio: 20, availableColumns: 77, maxRows: 8)
        #expect(banner.rows == PhotoBox.minimumRows)
        let tall = PhotoBox(aspectRatio: 0.2, availableColumns: 77, maxRows: 8)
        #expect(tall.rows == 8 && tall.columns == 4)
    }

    @Test(arguments: [(24, 11), (40, 19), (50, 24), (3, 3), (1_000, 120)])
    func aPhotoTakesAtMostAboutHalfTheScreensHeight(screen: Int, rows: Int) {
        #expect(PhotoBox.maxRows(screenRows: screen) == rows)
    }

    @Test func aBrokenRatioIsASquare() {
        for ratio in [0, -1, Double.nan, Double.infinity] {
            #expect(PhotoBox(aspectRatio: ratio, availableColumns: 77, maxRows: 8) == PhotoBox(aspectRatio: 1, availableColumns: 77, maxRows: 8))
        }
    }

    @Test func neitherSideExceedsTheRoom() {
        for ratio in stride(from: 0.1, through: 10, by: 0.1) {
            for columns in [5, 20, 37, 77, 117] {
                let box = PhotoBox(aspectRatio: ratio, availableColumns: columns, maxRows: 8)
                #expect(box.columns <= max(4, columns) && box.columns >= 4)
                #expect((PhotoBox.minimumRows...8).contains(box.rows))
            }
        }
    }

    @Test func theCaptionWrapsByDisplayWidthInAtMostThreeLines() {
        let rows = ScreenFixtures.rows()
        let layout = FeedRowLayout(size: TerminalSize(columns: 40, rows: 12), glyphs: .unicode)
        for row in rows {
            let lines = layout.textLines(for: row).map(\.text)
            #expect(lines.count <= FeedRowLayout.maxCaptionLines)
            #expect(lines.allSatisfy { DisplayWidth.of($0) <= layout.contentColumns })
        }
        let long = layout.textLines(for: rows[2]).map(\.text)
        #expect(long.count == 3 && long[2].hasSuffix("…"))
        #expect(layout.textLines(for: rows[3]).isEmpty)
    }
}

@Suite struct PhotoBoxHostileTests {
    @Test(arguments: [4e18, 1e-300, Double.greatestFiniteMagnitude, 9.2e18, 0, -1, .nan, .infinity])
    func anyRatioGivesABoxInsideTheScreen(ratio: Double) {
        let box = PhotoBox(aspectRatio: ratio, availableColumns: 77, maxRows: 7)
        #expect((4...77).contains(box.columns))
        #expect((PhotoBox.minimumRows...7).contains(box.rows))
    }
}
