// libjpeg-turbo behind setjmp: errors (and warnings, which mean corrupt or truncated data) jump
// back here and become a status code, so a hostile file can never reach exit(). A decode also
// runs under a budget: its scans, its memory (max_memory_to_use, with no backing store) and the
// CPU time of its thread, checked by the progress monitor between rows and scans.
#include "cjpeg_shim.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <jpeglib.h>
#include <jerror.h>

/// libjpeg's error manager plus where to jump, the status and the message.
struct cjpeg_error {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    int status;
    char message[JMSG_LENGTH_MAX];
};

static void cjpeg_error_exit(j_common_ptr cinfo) {
    struct cjpeg_error *error = (struct cjpeg_error *)cinfo->err;
    (*cinfo->err->format_message)(cinfo, error->message);
    // Past max_memory_to_use libjpeg asks for a backing store, which this build has none of.
    int code = cinfo->err->msg_code;
    error->status = (code == JERR_NO_BACKING_STORE || code == JERR_OUT_OF_MEMORY) ? CJPEG_OVER_BUDGET : CJPEG_CORRUPT;
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
    error->status = CJPEG_OK;
    error->message[0] = 0;
}

struct cjpeg_decoder {
    struct jpeg_decompress_struct info;
    struct cjpeg_error error;
    struct jpeg_progress_mgr progress;
    const unsigned char *data;
    size_t size;
    cjpeg_limits limits;
    double cpu_start;
    int created;
};

/// Stops the decode with `status` and a message (from inside libjpeg: jumps back to the caller).
static void cjpeg_stop(struct cjpeg_decoder *decoder, int status, const char *message) {
    decoder->error.status = status;
    snprintf(decoder->error.message, sizeof decoder->error.message, "%s", message);
    longjmp(decoder->error.jump, 1);
}

static double cjpeg_thread_cpu_seconds(void) {
    struct timespec now;
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now) != 0) return 0;
    return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

/// Called by libjpeg before every row of every scan and every scanline it outputs.
static void cjpeg_progress(j_common_ptr cinfo) {
    struct cjpeg_decoder *decoder = (struct cjpeg_decoder *)cinfo;
    const cjpeg_limits *limits = &decoder->limits;
    if (limits->max_scans > 0 && decoder->info.input_scan_number > (int)limits->max_scans) {
        cjpeg_stop(decoder, CJPEG_TOO_MANY_SCANS, "too many progressive scans");
    }
    if (limits->should_stop != NULL && limits->should_stop(limits->context)) {
        cjpeg_stop(decoder, CJPEG_STOPPED, "stopped");
    }
    if (limits->max_cpu_seconds > 0 && cjpeg_thread_cpu_seconds() - decoder->cpu_start > limits->max_cpu_seconds) {
        cjpeg_stop(decoder, CJPEG_TOO_SLOW, "too much CPU time");
    }
}

cjpeg_decoder *cjpeg_decoder_create(const unsigned char *data, size_t size, cjpeg_limits limits) {
    struct cjpeg_decoder *decoder = calloc(1, sizeof *decoder);
    if (decoder == NULL) return NULL;
    decoder->data = data;
    decoder->size = size;
    decoder->limits = limits;
    cjpeg_install(&decoder->error);
    decoder->info.err = &decoder->error.manager;
    return decoder;
}

int cjpeg_decoder_read_header(cjpeg_decoder *decoder, int *width, int *height) {
    if (setjmp(decoder->error.jump)) return decoder->error.status;
    decoder->cpu_start = cjpeg_thread_cpu_seconds();
    if (!decoder->created) {
        jpeg_create_decompress(&decoder->info);
        decoder->created = 1;
        decoder->progress.progress_monitor = cjpeg_progress;
        decoder->info.progress = &decoder->progress;
    }
    if (decoder->size == 0) cjpeg_stop(decoder, CJPEG_EMPTY, "the file is empty");
    jpeg_mem_src(&decoder->info, decoder->data, (unsigned long)decoder->size);
    if (jpeg_read_header(&decoder->info, TRUE) != JPEG_HEADER_OK) cjpeg_stop(decoder, CJPEG_CORRUPT, "no image in the file");
    *width = (int)decoder->info.image_width;
    *height = (int)decoder->info.image_height;
    return CJPEG_OK;
}

size_t cjpeg_decoder_memory_needed(const cjpeg_decoder *decoder) {
    const struct jpeg_decompress_struct *info = &decoder->info;
    // As jdinput.c decides: more than one scan keeps every coefficient of the image (jdcoefct.c
    // sizes each component's array in whole MCUs).
    int multiple_scans = info->progressive_mode || info->comps_in_scan < info->num_components;
    size_t bytes = 0;
    for (int index = 0; index < info->num_components; index++) {
        const jpeg_component_info *component = &info->comp_info[index];
        size_t across = component->width_in_blocks + (size_t)component->h_samp_factor - 1;
        size_t down = component->height_in_blocks + (size_t)component->v_samp_factor - 1;
        across -= across % (size_t)component->h_samp_factor;
        down -= down % (size_t)component->v_samp_factor;
        if (multiple_scans) bytes += across * down * sizeof(JBLOCK);
        // Row buffers: about three iMCU rows of samples at full size, per component.
        bytes += across * DCTSIZE * (size_t)component->v_samp_factor * DCTSIZE * 3;
    }
    return bytes;
}

int cjpeg_decoder_start(cjpeg_decoder *decoder, unsigned scale_num, unsigned scale_denom, size_t max_memory,
                        int *width, int *height) {
    if (setjmp(decoder->error.jump)) return decoder->error.status;
    if (max_memory > 0) {
        if (cjpeg_decoder_memory_needed(decoder) > max_memory) cjpeg_stop(decoder, CJPEG_OVER_BUDGET, "over the memory budget");
        decoder->info.mem->max_memory_to_use = (long)max_memory;
    }
    decoder->info.out_color_space = JCS_RGB;
    decoder->info.scale_num = scale_num;
    decoder->info.scale_denom = scale_denom;
    jpeg_start_decompress(&decoder->info);
    if (decoder->info.output_components != 3) {
        snprintf(decoder->error.message, sizeof decoder->error.message, "%d colour components instead of 3",
                 decoder->info.output_components);
        return CJPEG_CORRUPT;
    }
    *width = (int)decoder->info.output_width;
    *height = (int)decoder->info.output_height;
    return CJPEG_OK;
}

int cjpeg_decoder_read(cjpeg_decoder *decoder, unsigned char *out, size_t capacity) {
    if (setjmp(decoder->error.jump)) return decoder->error.status;
    size_t stride = (size_t)decoder->info.output_width * 3;
    if (stride * decoder->info.output_height > capacity) cjpeg_stop(decoder, CJPEG_CORRUPT, "the output buffer is too small");
    while (decoder->info.output_scanline < decoder->info.output_height) {
        JSAMPROW row = out + stride * decoder->info.output_scanline;
        if (jpeg_read_scanlines(&decoder->info, &row, 1) != 1) cjpeg_stop(decoder, CJPEG_CORRUPT, "the image data ended early");
    }
    jpeg_finish_decompress(&decoder->info);
    return CJPEG_OK;
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

static int cjpeg_encode_run(struct cjpeg_encoder *encoder, const unsigned char *rgb, int width, int height, int quality,
                            int progressive) {
    if (setjmp(encoder->error.jump)) return -1;
    jpeg_create_compress(&encoder->info);
    jpeg_mem_dest(&encoder->info, &encoder->buffer, &encoder->size);
    encoder->info.image_width = (JDIMENSION)width;
    encoder->info.image_height = (JDIMENSION)height;
    encoder->info.input_components = 3;
    encoder->info.in_color_space = JCS_RGB;
    jpeg_set_defaults(&encoder->info);
    jpeg_set_quality(&encoder->info, quality, TRUE);
    if (progressive) jpeg_simple_progression(&encoder->info);
    jpeg_start_compress(&encoder->info, TRUE);
    size_t stride = (size_t)width * 3;
    while (encoder->info.next_scanline < encoder->info.image_height) {
        JSAMPROW row = (JSAMPROW)(rgb + stride * encoder->info.next_scanline);
        jpeg_write_scanlines(&encoder->info, &row, 1);
    }
    jpeg_finish_compress(&encoder->info);
    return 0;
}

int cjpeg_encode(const unsigned char *rgb, int width, int height, int quality, int progressive,
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
    int status = cjpeg_encode_run(encoder, rgb, width, height, quality, progressive);
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
