#ifndef GALLERY_CURL_LIBRARY_H
#define GALLERY_CURL_LIBRARY_H
// libcurl is loaded with dlopen at its first use, not linked. The curl.h functions this program
// calls (Net's, and those of FoundationNetworking, which FlyingFox links for a URLSession) are
// defined in curl_library.c, hidden from other libraries: each loads libcurl at the first call,
// so that a run that never makes a request (the app on a folder) does not load its ~30 shared
// libraries at start-up. Types and constants come from libcurl's own headers.
#include <curl/curl.h>

/// The library loaded.
#define CCURL_LIBRARY "libcurl.so.4"

/// Why libcurl cannot be used: a sentence that says what to do.
typedef struct {
    char message[300];
} ccurl_report;

/// Loads libcurl, if no call has yet (dlopen, its functions looked up, `curl_global_init`; once
/// per process, whatever thread calls). 1, or 0 with `report` filled; without libcurl, the curl
/// functions return their error (NULL, CURLE_FAILED_INIT...) without doing anything.
int ccurl_load(ccurl_report *report);

/// Whether the library `name` has what `ccurl_load` needs, with the same sentence when not; it
/// is closed again and nothing is kept. For tests of a libcurl that is missing or incomplete.
int ccurl_check_library(const char *name, ccurl_report *report);

// curl_easy_setopt, curl_easy_getinfo and curl_multi_setopt are variadic, which Swift cannot
// call: one typed function per argument type.
CURLcode ccurl_setopt_long(CURL *easy, CURLoption option, long value);
CURLcode ccurl_setopt_ptr(CURL *easy, CURLoption option, void *value);
CURLcode ccurl_setopt_str(CURL *easy, CURLoption option, const char *value);
CURLcode ccurl_setopt_off(CURL *easy, CURLoption option, curl_off_t value);
CURLcode ccurl_setopt_write(CURL *easy, size_t (*function)(char *, size_t, size_t, void *));
CURLcode ccurl_setopt_header(CURL *easy, size_t (*function)(char *, size_t, size_t, void *));
CURLcode ccurl_setopt_opensocket(CURL *easy, curl_socket_t (*function)(void *, curlsocktype, struct curl_sockaddr *));
CURLcode ccurl_getinfo_long(CURL *easy, CURLINFO info, long *value);
CURLcode ccurl_getinfo_str(CURL *easy, CURLINFO info, char **value);
CURLMcode ccurl_multi_setopt_long(CURLM *multi, CURLMoption option, long value);

#endif
