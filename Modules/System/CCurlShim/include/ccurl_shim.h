// Typed entry points for libcurl's variadic calls, which Swift cannot make: one function per
// argument type of curl_easy_setopt, curl_easy_getinfo and curl_multi_setopt. Nothing else.
#ifndef CCURL_SHIM_H
#define CCURL_SHIM_H

#include <curl/curl.h>

/// curl_easy_setopt with a long argument (flags, sizes, enums).
CURLcode ccurl_easy_setopt_long(CURL *easy, CURLoption option, long value);

/// curl_easy_setopt with a curl_off_t argument (the *_LARGE options).
CURLcode ccurl_easy_setopt_off_t(CURL *easy, CURLoption option, curl_off_t value);

/// curl_easy_setopt with a C string (libcurl copies it, except CURLOPT_POSTFIELDS).
CURLcode ccurl_easy_setopt_string(CURL *easy, CURLoption option, const char *value);

/// curl_easy_setopt with a data pointer (CURLOPT_WRITEDATA, CURLOPT_ERRORBUFFER, a curl_slist…).
CURLcode ccurl_easy_setopt_pointer(CURL *easy, CURLoption option, void *value);

/// curl_easy_setopt with a write or header callback (CURLOPT_WRITEFUNCTION, CURLOPT_HEADERFUNCTION).
CURLcode ccurl_easy_setopt_write_callback(CURL *easy, CURLoption option, curl_write_callback callback);

/// curl_easy_setopt with CURLOPT_OPENSOCKETFUNCTION's callback.
CURLcode ccurl_easy_setopt_opensocket_callback(CURL *easy, curl_opensocket_callback callback);

/// curl_easy_getinfo of a long (CURLINFO_RESPONSE_CODE, CURLINFO_OS_ERRNO…).
CURLcode ccurl_easy_getinfo_long(CURL *easy, CURLINFO info, long *value);

/// curl_easy_getinfo of a curl_off_t (the *_T infos: sizes, times in microseconds).
CURLcode ccurl_easy_getinfo_off_t(CURL *easy, CURLINFO info, curl_off_t *value);

/// curl_multi_setopt with a long argument (connection limits).
CURLMcode ccurl_multi_setopt_long(CURLM *multi, CURLMoption option, long value);


#endif
