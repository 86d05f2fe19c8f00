// A small C layer over libjpeg-turbo that Swift can call safely: libjpeg reports errors by
// calling error_exit (which would exit the process), so every call here runs under setjmp and
// returns a status instead. No libjpeg type appears in this header.
#ifndef CJPEG_SHIM_H
#define CJPEG_SHIM_H

#include <stddef.h>

/// One decode of one JPEG held in memory; create, read the header, start, read, destroy.
typedef struct cjpeg_decoder cjpeg_decoder;

/// A new decoder over `size` bytes at `data` (not copied: keep them alive), or NULL when out of memory.
cjpeg_decoder *cjpeg_decoder_create(const unsigned char *data, size_t size, unsigned max_scans);

/// Reads the header; 0 and the image's size, or -1 (see cjpeg_decoder_message).
int cjpeg_decoder_read_header(cjpeg_decoder *decoder, int *width, int *height);

/// Starts decoding at scale `scale_num`/`scale_denom` into RGB; 0 and the output size, or -1.
int cjpeg_decoder_start(cjpeg_decoder *decoder, unsigned scale_num, unsigned scale_denom, int *width, int *height);

/// Reads every scanline into `out` (width * height * 3 bytes, as cjpeg_decoder_start said); 0 or -1.
int cjpeg_decoder_read(cjpeg_decoder *decoder, unsigned char *out, size_t capacity);

/// The last error in words (empty when none).
const char *cjpeg_decoder_message(const cjpeg_decoder *decoder);

/// Frees the decoder.
void cjpeg_decoder_destroy(cjpeg_decoder *decoder);

/// Encodes `width` x `height` RGB pixels at `quality` (1-100). On 0, *out holds *out_size bytes
/// to release with cjpeg_free; on -1, `message` (at least 200 bytes) says why.
int cjpeg_encode(const unsigned char *rgb, int width, int height, int quality,
                 unsigned char **out, unsigned long *out_size, char *message, size_t message_size);

/// Frees a buffer cjpeg_encode returned.
void cjpeg_free(unsigned char *buffer);

#endif
