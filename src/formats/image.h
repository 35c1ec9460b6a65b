/* image.h -- what a photo's bytes are: its type checked by its header and its
 * dimensions decoded by the image libraries of the system (libpng, libjpeg-turbo,
 * libwebp), never by hand. Nothing here keeps or changes the bytes. */
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

/* Are data/len an image of type? Checks the header's signature and decodes the
 * dimensions (*width, *height, written only then). SB_EINVALID, naming what is wrong,
 * when the bytes are not that type or the header does not decode; SB_EMEDIA for
 * IMAGE_NONE. */
int image_probe(enum image_type type, const void *data, size_t len, unsigned *width,
                unsigned *height, struct sb_error *err);

#endif
