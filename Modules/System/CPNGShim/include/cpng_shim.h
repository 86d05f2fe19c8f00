// A small C layer over libpng that Swift can call safely: libpng reports errors through
// png_error, which must not return, so every call here runs under setjmp and returns a status
// instead. The file is read from memory, every byte libpng allocates is counted against a
// budget, and rows come out one at a time so the caller decides what to keep. No libpng type
// appears in this header.
#ifndef CPNG_SHIM_H
#define CPNG_SHIM_H

#include <stddef.h>
#include <stdint.h>

// What a call returns: 0, or why it stopped.
/// Done.
#define CPNG_OK 0
/// Not a PNG libpng can read, or corrupt or cut short (cpng_decoder_message says how).
#define CPNG_CORRUPT (-1)
/// The file is empty.
#define CPNG_EMPTY (-2)
/// The header announces a side longer than max_side (the header's size is still reported).
#define CPNG_TOO_MANY_PIXELS (-3)
/// libpng would allocate more than its share of the budget.
#define CPNG_OVER_BUDGET (-4)
/// This thread spent more CPU time than max_cpu_seconds.
#define CPNG_TOO_SLOW (-5)
/// should_stop said to stop.
#define CPNG_STOPPED (-6)

/// What one decode may spend; 0 (or NULL) means no limit. Checked before every row and as the file is read.
typedef struct cpng_limits {
    /// The longest side the header may announce (png_set_user_limits, both sides).
    uint32_t max_side;
    /// The most bytes libpng may hold at once (its structures, zlib's, its row buffers), until
    /// cpng_decoder_start sets what is left of the budget.
    size_t max_memory;
    /// The most bytes one ancillary chunk may take (png_set_chunk_malloc_max).
    size_t max_chunk_bytes;
    /// The most ancillary chunks kept (png_set_chunk_cache_max).
    uint32_t max_chunks;
    /// The most CPU seconds of the decoding thread, counted from cpng_decoder_read_header.
    double max_cpu_seconds;
    /// Asked before every row and every read of the file; non-zero stops the decode with CPNG_STOPPED.
    int (*should_stop)(void *context);
    /// Handed to should_stop.
    void *context;
} cpng_limits;

/// What IHDR says (and whether a tRNS chunk came before the image data).
typedef struct cpng_header {
    uint32_t width;
    uint32_t height;
    /// 1, 2, 4, 8 or 16.
    int bit_depth;
    /// 0 grey, 2 RGB, 3 palette, 4 grey and alpha, 6 RGBA.
    int color_type;
    /// Non-zero for Adam7.
    int interlaced;
    /// Non-zero when a tRNS chunk gives transparency.
    int has_transparency;
} cpng_header;

/// One decode of one PNG held in memory; create, read the header, start, read rows, finish, destroy.
typedef struct cpng_decoder cpng_decoder;

/// A new decoder over `size` bytes at `data` (not copied: keep them alive), or NULL when out of memory.
cpng_decoder *cpng_decoder_create(const unsigned char *data, size_t size, cpng_limits limits);

/// Reads the signature and every chunk before the image data; 0 and the header, or a status
/// (CPNG_TOO_MANY_PIXELS fills in the header's width and height). Nothing is allocated for pixels.
int cpng_decoder_read_header(cpng_decoder *decoder, cpng_header *header);

/// After the header: 8-bit RGB out (RGBA when there is alpha or tRNS), every pass of an
/// interlaced file combined into the same rows; libpng may hold at most `max_memory` bytes from
/// now (0: no new limit). 0 and the channels (3 or 4), the bytes of a row and the passes (1 or
/// 7: each pass reads every row again), or a status.
int cpng_decoder_start(cpng_decoder *decoder, size_t max_memory, int *channels, size_t *row_bytes, int *passes);

/// Reads the next row of the current pass into `row` (row_bytes, as cpng_decoder_start said; an
/// interlaced pass adds its pixels to what earlier passes left there); 0 or a status. The last
/// row fails as corrupt if it reads more than 64 KiB of the file beyond what a row can take
/// (libpng inflates whatever image data is left after it).
int cpng_decoder_read_row(cpng_decoder *decoder, unsigned char *row);

/// After the last row: reads to IEND, checking what follows the image data; 0 or a status.
int cpng_decoder_finish(cpng_decoder *decoder);

/// The most bytes libpng held at once so far.
size_t cpng_decoder_peak_bytes(const cpng_decoder *decoder);

/// The last error in words (empty when none).
const char *cpng_decoder_message(const cpng_decoder *decoder);

/// Frees the decoder and everything libpng holds.
void cpng_decoder_destroy(cpng_decoder *decoder);

#endif
