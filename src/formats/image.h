/* image.h -- what a photo's bytes are: its type checked by its header and the whole
 * image decoded by the image libraries of the system (libpng, libjpeg-turbo, libwebp),
 * never by hand. Nothing here keeps or changes the bytes. */
#ifndef STAMPBOOK_IMAGE_H
#define STAMPBOOK_IMAGE_H

#include <stddef.h>

#include "error.h"

enum image_type { IMAGE_NONE, IMAGE_JPEG, IMAGE_PNG, IMAGE_WEBP };

/* The type a Content-Type value names (parameters after ';' ignored, case ignored);
 * IMAGE_NONE for any other or NULL. This function can't fail. */
enum image_type image_type_of(const char *content_type);

/* The Content-Type of a type ("image/png"…; "" for IMAGE_NONE). This function can't fail. */
const char *image_type_name(enum image_type type);

/* Are data/len an image of type? Checks the header's signature, then decodes every
 * row with the library's limits set (what a chunk may inflate to, a PNG's text chunks,
 * a JPEG's memory and scans), keeping nothing; *width, *height get the dimensions
 * (written only on success). SB_EINVALID, naming what is wrong, when the bytes are not
 * that type, a side is over max_side, the file is cut short or damaged or passes a
 * limit; SB_EMEDIA for IMAGE_NONE. Costs at most a few times the pixels' bytes in CPU
 * and a row (a progressive JPEG's or lossless WebP's image) in memory. */
int image_probe(enum image_type type, const void *data, size_t len, unsigned max_side,
                unsigned *width, unsigned *height, struct sb_error *err);

#endif
