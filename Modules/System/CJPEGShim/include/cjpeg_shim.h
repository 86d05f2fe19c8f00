// A small C layer over libjpeg-turbo that Swift can call safely: libjpeg reports errors by
// calling error_exit (which would exit the process), so every call here runs under setjmp and
// returns a status instead. No libjpeg type appears in this header.
#ifndef CJPEG_SHIM_H
#define CJPEG_SHIM_H

#include <stddef.h>

// What a call returns: 0, or why it stopped.
/// Done.
#define CJPEG_OK 0
/// Not a JPEG libjpeg can read, or corrupt or cut short (cjpeg_decoder_message says how).
#define CJPEG_CORRUPT (-1)
/// The file is empty.
#define CJPEG_EMPTY (-2)
/// More scans than max_scans.
#define CJPEG_TOO_MANY_SCANS (-3)
/// libjpeg would need more memory than the budget.
#define CJPEG_OVER_BUDGET (-4)
/// This thread spent more CPU time than max_cpu_seconds.
#define CJPEG_TOO_SLOW (-5)
/// should_stop said to stop.
#define CJPEG_STOPPED (-6)

/// What one decode may spend; 0 (or NULL) means no limit. Checked between rows and scans.
typedef struct cjpeg_limits {
    /// The most scans a file may have.
    unsigned max_scans;
    /// The most CPU seconds of the decoding thread, counted from cjpeg_decoder_read_header.
    double max_cpu_seconds;
    /// Asked between rows and scans; non-zero stops the decode with CJPEG_STOPPED.
    int (*should_stop)(void *context);
    /// Handed to should_stop.
    void *context;
} cjpeg_limits;

/// One decode of one JPEG held in memory; create, read the header, start, read, destroy.
typedef struct cjpeg_decoder cjpeg_decoder;

/// A new decoder over `size` bytes at `data` (not copied: keep them alive), or NULL when out of memory.
cjpeg_decoder *cjpeg_decoder_create(const unsigned char *data, size_t size, cjpeg_limits limits);

/// Reads the header; 0 and the image's size, or a status (see cjpeg_decoder_message).
int cjpeg_decoder_read_header(cjpeg_decoder *decoder, int *width, int *height);

/// After the header: the bytes libjpeg will hold (an upper estimate): the whole-image coefficient
/// buffer of a file with more than one scan (progressive or not), plus its row buffers at full size.
size_t cjpeg_decoder_memory_needed(const cjpeg_decoder *decoder);

/// Starts decoding at scale `scale_num`/`scale_denom` into RGB with at most `max_memory` bytes
/// for libjpeg (0: no limit; refused before any scan is read when more is needed); 0 and the
/// output size, or a status.
int cjpeg_decoder_start(cjpeg_decoder *decoder, unsigned scale_num, unsigned scale_denom, size_t max_memory,
                        int *width, int *height);

/// Reads every scanline into `out` (width * height * 3 bytes, as cjpeg_decoder_start said); 0 or a status.
int cjpeg_decoder_read(cjpeg_decoder *decoder, unsigned char *out, size_t capacity);

/// The last error in words (empty when none).
const char *cjpeg_decoder_message(const cjpeg_decoder *decoder);

/// Frees the decoder.
void cjpeg_decoder_destroy(cjpeg_decoder *decoder);

/// Encodes `width` x `height` RGB pixels at `quality` (1-100), progressive when `progressive` is
/// non-zero. On 0, *out holds *out_size bytes to release with cjpeg_free; on -1, `message` (at
/// least 200 bytes) says why.
int cjpeg_encode(const unsigned char *rgb, int width, int height, int quality, int progressive,
                 unsigned char **out, unsigned long *out_size, char *message, size_t message_size);

/// Frees a buffer cjpeg_encode returned.
void cjpeg_free(unsigned char *buffer);

#endif
