// libjpeg-turbo behind setjmp: errors (and warnings, which mean corrupt or truncated data) jump
// back here and become a status code, so a hostile file can never reach exit().
#include "cjpeg_shim.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

/// libjpeg's error manager plus where to jump and the message.
struct cjpeg_error {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
};

static void cjpeg_error_exit(j_common_ptr cinfo) {
    struct cjpeg_error *error = (struct cjpeg_error *)cinfo->err;
    (*cinfo->err->format_message)(cinfo, error->message);
    longjmp(error->jump, 1);
}

/// Warnings (level -1) mean corrupt or truncated data: treated as errors. Trace messages are dropped.
static void cjpeg_emit_message(j_common_ptr cinfo, int level) {
    if (level < 0) cjpeg_error_exit(cinfo);
}

/// Nothing is ever printed to stderr.
static void cjpeg_output_message(j_common_ptr cinfo) { (void)cinfo; }

static void cjpeg_install(struct cjpeg_error *error) {
    jpeg_std_error(&error->manager);
    error->manager.error_exit = cjpeg_error_exit;
    error->manager.emit_message = cjpeg_emit_message;
    error->manager.output_message = cjpeg_output_message;
    error->message[0] = 0;
}

struct cjpeg_decoder {
    struct jpeg_decompress_struct info;
    struct cjpeg_error error;
    struct jpeg_progress_mgr progress;
    const unsigned char *data;
    size_t size;
    unsigned max_scans;
    int created;
};

/// Stops progressive files with absurd numbers of scans (a known way to burn CPU).
static void cjpeg_progress(j_common_ptr cinfo) {
    struct cjpeg_decoder *decoder = (struct cjpeg_decoder *)cinfo;
    if (decoder->max_scans > 0 && decoder->info.input_scan_number > (int)decoder->max_scans) {
        snprintf(decoder->error.message, sizeof decoder->error.message,
                 "more than %u progressive scans", decoder->max_scans);
        longjmp(decoder->error.jump, 1);
    }
}

cjpeg_decoder *cjpeg_decoder_create(const unsigned char *data, size_t size, unsigned max_scans) {
    struct cjpeg_decoder *decoder = calloc(1, sizeof *decoder);
    if (decoder == NULL) return NULL;
    decoder->data = data;
    decoder->size = size;
    decoder->max_scans = max_scans;
    cjpeg_install(&decoder->error);
    decoder->info.err = &decoder->error.manager;
    return decoder;
}

int cjpeg_decoder_read_header(cjpeg_decoder *decoder, int *width, int *height) {
    if (setjmp(decoder->error.jump)) return -1;
    if (!decoder->created) {
        jpeg_create_decompress(&decoder->info);
        decoder->created = 1;
        decoder->progress.progress_monitor = cjpeg_progress;
        decoder->info.progress = &decoder->progress;
    }
    if (decoder->size == 0) {
        snprintf(decoder->error.message, sizeof decoder->error.message, "the file is empty");
        return -1;
    }
    jpeg_mem_src(&decoder->info, decoder->data, (unsigned long)decoder->size);
    if (jpeg_read_header(&decoder->info, TRUE) != JPEG_HEADER_OK) {
        snprintf(decoder->error.message, sizeof decoder->error.message, "no image in the file");
        return -1;
    }
    *width = (int)decoder->info.image_width;
    *height = (int)decoder->info.image_height;
    return 0;
}

int cjpeg_decoder_start(cjpeg_decoder *decoder, unsigned scale_num, unsigned scale_denom, int *width, int *height) {
    if (setjmp(decoder->error.jump)) return -1;
    decoder->info.out_color_space = JCS_RGB;
    decoder->info.scale_num = scale_num;
    decoder->info.scale_denom = scale_denom;
    jpeg_start_decompress(&decoder->info);
    if (decoder->info.output_components != 3) {
        snprintf(decoder->error.message, sizeof decoder->error.message, "%d colour components instead of 3",
                 decoder->info.output_components);
        return -1;
    }
    *width = (int)decoder->info.output_width;
    *height = (int)decoder->info.output_height;
    return 0;
}

int cjpeg_decoder_read(cjpeg_decoder *decoder, unsigned char *out, size_t capacity) {
    if (setjmp(decoder->error.jump)) return -1;
    size_t stride = (size_t)decoder->info.output_width * 3;
    if (stride * decoder->info.output_height > capacity) {
        snprintf(decoder->error.message, sizeof decoder->error.message, "the output buffer is too small");
        return -1;
    }
    while (decoder->info.output_scanline < decoder->info.output_height) {
        JSAMPROW row = out + stride * decoder->info.output_scanline;
        if (jpeg_read_scanlines(&decoder->info, &row, 1) != 1) {
            snprintf(decoder->error.message, sizeof decoder->error.message, "the image data ended early");
            return -1;
        }
    }
    jpeg_finish_decompress(&decoder->info);
    return 0;
}

const char *cjpeg_decoder_message(const cjpeg_decoder *decoder) { return decoder->error.message; }

void cjpeg_decoder_destroy(cjpeg_decoder *decoder) {
    if (decoder == NULL) return;
    if (decoder->created) jpeg_destroy_decompress(&decoder->info);
    free(decoder);
}

/// The compressor's state lives on the heap, so nothing setjmp depends on sits in a register.
struct cjpeg_encoder {
    struct jpeg_compress_struct info;
    struct cjpeg_error error;
    unsigned char *buffer;
    unsigned long size;
};

static int cjpeg_encode_run(struct cjpeg_encoder *encoder, const unsigned char *rgb, int width, int height, int quality) {
    if (setjmp(encoder->error.jump)) return -1;
    jpeg_create_compress(&encoder->info);
    jpeg_mem_dest(&encoder->info, &encoder->buffer, &encoder->size);
    encoder->info.image_width = (JDIMENSION)width;
    encoder->info.image_height = (JDIMENSION)height;
    encoder->info.input_components = 3;
    encoder->info.in_color_space = JCS_RGB;
    jpeg_set_defaults(&encoder->info);
    jpeg_set_quality(&encoder->info, quality, TRUE);
    jpeg_start_compress(&encoder->info, TRUE);
    size_t stride = (size_t)width * 3;
    while (encoder->info.next_scanline < encoder->info.image_height) {
        JSAMPROW row = (JSAMPROW)(rgb + stride * encoder->info.next_scanline);
        jpeg_write_scanlines(&encoder->info, &row, 1);
    }
    jpeg_finish_compress(&encoder->info);
    return 0;
}

int cjpeg_encode(const unsigned char *rgb, int width, int height, int quality,
                 unsigned char **out, unsigned long *out_size, char *message, size_t message_size) {
    *out = NULL;
    *out_size = 0;
    struct cjpeg_encoder *encoder = calloc(1, sizeof *encoder);
    if (encoder == NULL) {
        snprintf(message, message_size, "out of memory");
        return -1;
    }
    cjpeg_install(&encoder->error);
    encoder->info.err = &encoder->error.manager;
    int status = cjpeg_encode_run(encoder, rgb, width, height, quality);
    jpeg_destroy_compress(&encoder->info);
    if (status == 0) {
        *out = encoder->buffer;
        *out_size = encoder->size;
    } else {
        snprintf(message, message_size, "%s", encoder->error.message);
        free(encoder->buffer);
    }
    free(encoder);
    return status;
}

void cjpeg_free(unsigned char *buffer) { free(buffer); }
