// libpng 1.6 (Debian: libpng-dev; pkg-config libpng puts /usr/include/libpng16 on the path).
#include <png.h>
