// libpng behind setjmp: errors jump back here and become a status code, warnings are kept
// quiet, and the file is read from memory by a callback that never reads past its end. Every
// allocation libpng makes (zlib's included) goes through a counting allocator that refuses past
// the budget; ancillary chunks other than tRNS are skipped (only their CRCs are read). Before every
// row the CPU time of the thread and the caller's stop flag are checked, and again as the file is
// read; the last row may read only so much more of the file than it needs.
#include "cpng_shim.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <png.h>

/// Rows of this many pixels, or this many bytes of the file, between two looks at the thread's
/// CPU clock (a system call). Reads count too: after the last row libpng inflates whatever
/// compressed data is left (a bomb of zeros could take seconds), reading the file 8 KiB at a time.
#define CPNG_CPU_CHECK_PIXELS 16384
#define CPNG_CPU_CHECK_BYTES 65536

/// The most bytes of the file the last row may read besides its own (at most 8 a pixel, stored):
/// after it libpng inflates whatever is left of the image data, and a deflate stream of zeros
/// inflates a thousandfold, so what may follow the image is cut off here (legitimately: an
/// Adler-32 and a CRC).
#define CPNG_TRAILING_BYTES 65536

/// Each block libpng allocates starts with its size, so the count can go down when it is freed.
typedef union cpng_block {
    size_t size;
    max_align_t align;
} cpng_block;

struct cpng_decoder {
    png_structp png;
    png_infop info;
    const unsigned char *data;
    size_t size;
    size_t offset;
    cpng_limits limits;
    uint32_t width;
    size_t used;
    size_t peak;
    int refused;
    size_t pixels_since_check;
    size_t bytes_since_check;
    /// Rows still to read (every pass's), and where the file was when the last one started.
    uint64_t rows_left;
    int in_last_row;
    size_t last_row_offset;
    double cpu_start;
    jmp_buf jump;
    int status;
    char message[200];
};

/// Stops the call under way with `status` and a message (from inside libpng: jumps back to the caller).
static void cpng_stop(struct cpng_decoder *decoder, int status, const char *message) {
    decoder->status = status;
    snprintf(decoder->message, sizeof decoder->message, "%s", message);
    longjmp(decoder->jump, 1);
}

/// png_error: a refused allocation is the budget's doing, anything else the file's.
static void cpng_error(png_structp png, png_const_charp message) {
    struct cpng_decoder *decoder = (struct cpng_decoder *)png_get_error_ptr(png);
    cpng_stop(decoder, decoder->refused ? CPNG_OVER_BUDGET : CPNG_CORRUPT, message);
}

/// Warnings (an ignored ancillary chunk, extra data after the image) are not errors; nothing is printed.
static void cpng_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

static png_voidp cpng_malloc(png_structp png, png_alloc_size_t size) {
    struct cpng_decoder *decoder = (struct cpng_decoder *)png_get_mem_ptr(png);
    size_t limit = decoder->limits.max_memory;
    if (size > SIZE_MAX - sizeof(cpng_block) || (limit > 0 && (decoder->used > limit || size > limit - decoder->used))) {
        decoder->refused = 1;
        return NULL;
    }
    cpng_block *block = malloc(sizeof(cpng_block) + size);
    if (block == NULL) return NULL;
    block->size = size;
    decoder->used += size;
    if (decoder->used > decoder->peak) decoder->peak = decoder->used;
    return block + 1;
}

static void cpng_free(png_structp png, png_voidp pointer) {
    if (pointer == NULL) return;
    struct cpng_decoder *decoder = (struct cpng_decoder *)png_get_mem_ptr(png);
    cpng_block *block = (cpng_block *)pointer - 1;
    decoder->used -= block->size;
    free(block);
}

static double cpng_thread_cpu_seconds(void) {
    struct timespec now;
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now) != 0) return 0;
    return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

/// The stop flag every time; the CPU time once `pixels` rows' pixels or `bytes` of the file have
/// gone by since the last look.
static void cpng_check_limits(struct cpng_decoder *decoder, size_t pixels, size_t bytes) {
    const cpng_limits *limits = &decoder->limits;
    if (limits->should_stop != NULL && limits->should_stop(limits->context)) cpng_stop(decoder, CPNG_STOPPED, "stopped");
    decoder->pixels_since_check += pixels;
    decoder->bytes_since_check += bytes;
    if (limits->max_cpu_seconds > 0 && (decoder->pixels_since_check >= CPNG_CPU_CHECK_PIXELS || decoder->bytes_since_check >= CPNG_CPU_CHECK_BYTES)) {
        decoder->pixels_since_check = 0;
        decoder->bytes_since_check = 0;
        if (cpng_thread_cpu_seconds() - decoder->cpu_start > limits->max_cpu_seconds) cpng_stop(decoder, CPNG_TOO_SLOW, "too much CPU time");
    }
}

/// libpng's input: the next `length` bytes of the file, or an error where it ends.
static void cpng_read(png_structp png, png_bytep out, size_t length) {
    struct cpng_decoder *decoder = (struct cpng_decoder *)png_get_io_ptr(png);
    cpng_check_limits(decoder, 0, length);
    if (length > decoder->size - decoder->offset) png_error(png, "the file ends early");
    if (decoder->in_last_row &&
        decoder->offset + length - decoder->last_row_offset > CPNG_TRAILING_BYTES + 2 * ((size_t)decoder->width * 8 + 64)) {
        png_error(png, "more image data after the last row than the row needs");
    }
    memcpy(out, decoder->data + decoder->offset, length);
    decoder->offset += length;
}

static uint32_t cpng_big_endian(const unsigned char *bytes) {
    return (uint32_t)bytes[0] << 24 | (uint32_t)bytes[1] << 16 | (uint32_t)bytes[2] << 8 | (uint32_t)bytes[3];
}

/// Whether libpng refused the header for a side past max_side (the IHDR is read as stored).
static int cpng_side_over_limit(const struct cpng_decoder *decoder, cpng_header *header) {
    if (decoder->limits.max_side == 0 || decoder->size < 24 || memcmp(decoder->data + 12, "IHDR", 4) != 0) return 0;
    uint32_t width = cpng_big_endian(decoder->data + 16), height = cpng_big_endian(decoder->data + 20);
    if (width == 0 || height == 0 || width > PNG_UINT_31_MAX || height > PNG_UINT_31_MAX) return 0;
    if (width <= decoder->limits.max_side && height <= decoder->limits.max_side) return 0;
    header->width = width;
    header->height = height;
    return 1;
}

cpng_decoder *cpng_decoder_create(const unsigned char *data, size_t size, cpng_limits limits) {
    struct cpng_decoder *decoder = calloc(1, sizeof *decoder);
    if (decoder == NULL) return NULL;
    decoder->data = data;
    decoder->size = size;
    decoder->limits = limits;
    return decoder;
}

int cpng_decoder_read_header(cpng_decoder *decoder, cpng_header *header) {
    memset(header, 0, sizeof *header);
    decoder->status = CPNG_OK;
    if (setjmp(decoder->jump)) {
        if (decoder->status == CPNG_CORRUPT && cpng_side_over_limit(decoder, header)) return CPNG_TOO_MANY_PIXELS;
        return decoder->status;
    }
    decoder->cpu_start = cpng_thread_cpu_seconds();
    decoder->pixels_since_check = CPNG_CPU_CHECK_PIXELS;
    if (decoder->png != NULL) cpng_stop(decoder, CPNG_CORRUPT, "the header was read already");
    if (decoder->size == 0) cpng_stop(decoder, CPNG_EMPTY, "the file is empty");
    if (decoder->size < 8 || png_sig_cmp(decoder->data, 0, 8) != 0) cpng_stop(decoder, CPNG_CORRUPT, "no PNG signature");
    decoder->png = png_create_read_struct_2(PNG_LIBPNG_VER_STRING, decoder, cpng_error, cpng_warning, decoder, cpng_malloc, cpng_free);
    if (decoder->png == NULL) cpng_stop(decoder, decoder->refused ? CPNG_OVER_BUDGET : CPNG_CORRUPT, "libpng could not start");
    decoder->info = png_create_info_struct(decoder->png);
    if (decoder->info == NULL) cpng_stop(decoder, decoder->refused ? CPNG_OVER_BUDGET : CPNG_CORRUPT, "libpng could not start");
    png_set_read_fn(decoder->png, decoder, cpng_read);
    if (decoder->limits.max_side > 0) png_set_user_limits(decoder->png, decoder->limits.max_side, decoder->limits.max_side);
    if (decoder->limits.max_chunk_bytes > 0) png_set_chunk_malloc_max(decoder->png, decoder->limits.max_chunk_bytes);
    if (decoder->limits.max_chunks > 0) png_set_chunk_cache_max(decoder->png, decoder->limits.max_chunks);
    // Every chunk but IHDR, PLTE, tRNS, IDAT and IEND is skipped (its CRC still checked, a
    // mismatch only a warning): no text, profile or unknown chunk is decompressed or kept.
    png_set_keep_unknown_chunks(decoder->png, PNG_HANDLE_CHUNK_NEVER, NULL, -1);
    png_read_info(decoder->png, decoder->info);
    png_uint_32 width = 0, height = 0;
    int bit_depth = 0, color_type = 0, interlace = 0;
    if (!png_get_IHDR(decoder->png, decoder->info, &width, &height, &bit_depth, &color_type, &interlace, NULL, NULL)) {
        cpng_stop(decoder, CPNG_CORRUPT, "no IHDR");
    }
    decoder->width = width;
    header->width = width;
    header->height = height;
    header->bit_depth = bit_depth;
    header->color_type = color_type;
    header->interlaced = interlace != PNG_INTERLACE_NONE;
    header->has_transparency = png_get_valid(decoder->png, decoder->info, PNG_INFO_tRNS) != 0;
    return CPNG_OK;
}

int cpng_decoder_start(cpng_decoder *decoder, size_t max_memory, int *channels, size_t *row_bytes, int *passes) {
    decoder->status = CPNG_OK;
    if (setjmp(decoder->jump)) return decoder->status;
    if (decoder->png == NULL) cpng_stop(decoder, CPNG_CORRUPT, "the header was not read");
    if (max_memory > 0) {
        if (decoder->used > max_memory) cpng_stop(decoder, CPNG_OVER_BUDGET, "over the memory budget");
        decoder->limits.max_memory = max_memory;
    }
    // Palette to RGB, grey below 8 bits to 8, tRNS to alpha; 16 bits to 8, rounded; grey to RGB.
    png_set_expand(decoder->png);
    png_set_scale_16(decoder->png);
    png_set_gray_to_rgb(decoder->png);
    *passes = png_set_interlace_handling(decoder->png);
    png_read_update_info(decoder->png, decoder->info);
    *channels = png_get_channels(decoder->png, decoder->info);
    *row_bytes = png_get_rowbytes(decoder->png, decoder->info);
    if (png_get_bit_depth(decoder->png, decoder->info) != 8 || (*channels != 3 && *channels != 4)) {
        cpng_stop(decoder, CPNG_CORRUPT, "libpng did not give 8-bit RGB or RGBA");
    }
    decoder->rows_left = (uint64_t)*passes * png_get_image_height(decoder->png, decoder->info);
    return CPNG_OK;
}

int cpng_decoder_read_row(cpng_decoder *decoder, unsigned char *row) {
    decoder->status = CPNG_OK;
    if (setjmp(decoder->jump)) return decoder->status;
    if (decoder->png == NULL) cpng_stop(decoder, CPNG_CORRUPT, "the header was not read");
    if (decoder->rows_left == 0) cpng_stop(decoder, CPNG_CORRUPT, "every row was read");
    cpng_check_limits(decoder, decoder->width, 0);
    if (decoder->rows_left == 1) {
        decoder->in_last_row = 1;
        decoder->last_row_offset = decoder->offset;
    }
    png_read_row(decoder->png, row, NULL);
    decoder->in_last_row = 0;
    decoder->rows_left -= 1;
    return CPNG_OK;
}

int cpng_decoder_finish(cpng_decoder *decoder) {
    decoder->status = CPNG_OK;
    if (setjmp(decoder->jump)) return decoder->status;
    if (decoder->png == NULL) cpng_stop(decoder, CPNG_CORRUPT, "the header was not read");
    png_read_end(decoder->png, NULL);
    return CPNG_OK;
}

size_t cpng_decoder_peak_bytes(const cpng_decoder *decoder) { return decoder->peak; }

const char *cpng_decoder_message(const cpng_decoder *decoder) { return decoder->message; }

void cpng_decoder_destroy(cpng_decoder *decoder) {
    if (decoder == NULL) return;
    if (decoder->png != NULL) png_destroy_read_struct(&decoder->png, decoder->info != NULL ? &decoder->info : NULL, NULL);
    free(decoder);
}
