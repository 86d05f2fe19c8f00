// libcurl (Debian: libcurl4-openssl-dev): the easy and multi interfaces, types and constants.
#include <curl/curl.h>
