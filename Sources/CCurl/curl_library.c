// libcurl loaded at its first use (dlopen) rather than linked: with its dependencies (TLS,
// Kerberos, LDAP, SSH, IDN, brotli, nghttp2...) it is ~30 shared libraries, whose loading and
// relocation were most of the app's start-up, paid by users who never use the network.
//
// The curl.h functions used in this program are defined here, each loading libcurl at its first
// call and forwarding to it: Net's, and those of FoundationNetworking's URLSession, which the
// demo server's FlyingFox links (its proxy handler). So the program needs no -lcurl (the release
// link leaves out FlyingFox's: ld-as-needed). Hidden, so that libcurl's own calls between its
// functions never come here.
#include "curl_library.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

// The libcurl functions looked up, each `curl_` + the name; one list for the table and the lookups.
#define CURL_FUNCTIONS(X)                                                                          \
    X(global_init) X(version) X(version_info) X(free)                                              \
    X(multi_init) X(multi_cleanup) X(multi_setopt) X(multi_add_handle) X(multi_remove_handle)      \
    X(multi_perform) X(multi_poll) X(multi_wakeup) X(multi_info_read) X(multi_strerror)            \
    X(multi_assign) X(multi_socket_action)                                                         \
    X(easy_init) X(easy_cleanup) X(easy_setopt) X(easy_getinfo) X(easy_pause) X(easy_strerror)     \
    X(slist_append) X(slist_free_all) X(url) X(url_cleanup) X(url_set) X(url_get)

// Typed from curl's own declarations.
struct curl_functions {
#define CURL_SLOT(name) __typeof__(curl_##name) *name;
    CURL_FUNCTIONS(CURL_SLOT)
#undef CURL_SLOT
};

// Filled once by `load`, then only read.
static struct curl_functions api;
static ccurl_report load_failure;

// Opens `name` and looks up every function into `functions`: the library, or NULL with
// `report` filled.
static void *open_library(const char *name, struct curl_functions *functions, ccurl_report *report) {
    void *library = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        snprintf(report->message, sizeof report->message, "libcurl is not installed (%s): apt-get install libcurl4",
                 dlerror());
        return NULL;
    }
    struct { void **slot; const char *name; } symbols[] = {
#define CURL_SYMBOL(function) {(void **)&functions->function, "curl_" #function},
        CURL_FUNCTIONS(CURL_SYMBOL)
#undef CURL_SYMBOL
    };
    for (size_t i = 0; i < sizeof symbols / sizeof symbols[0]; i++) {
        *symbols[i].slot = dlsym(library, symbols[i].name);
        if (*symbols[i].slot == NULL) {
            snprintf(report->message, sizeof report->message,
                     "%s has no %s (too old, or not libcurl): apt-get install libcurl4", name, symbols[i].name);
            dlclose(library);
            return NULL;
        }
    }
    return library;
}

static void load(void) {
    struct curl_functions functions;
    // Kept open for the life of the process.
    if (open_library(CCURL_LIBRARY, &functions, &load_failure) == NULL) return;
    CURLcode code = functions.global_init(CURL_GLOBAL_DEFAULT);
    if (code != CURLE_OK) {
        snprintf(load_failure.message, sizeof load_failure.message, "libcurl did not start (curl_global_init: %s)",
                 functions.easy_strerror(code));
        return;
    }
    api = functions;
}

// Whether libcurl is loaded, loading it at the first call.
static int loaded(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, load);
    return load_failure.message[0] == 0;
}

int ccurl_load(ccurl_report *report) {
    int ok = loaded();
    *report = load_failure;
    return ok;
}

int ccurl_check_library(const char *name, ccurl_report *report) {
    struct curl_functions functions;
    memset(report, 0, sizeof *report);
    void *library = open_library(name, &functions, report);
    if (library == NULL) return 0;
    dlclose(library);
    return 1;
}

#define HIDDEN __attribute__((visibility("hidden")))

// A setopt's value, read as libcurl itself reads it: a long, a curl_off_t or a pointer (data or
// function), told by the option's number.
struct option_value {
    enum { LONG_VALUE, OFF_T_VALUE, POINTER_VALUE } type;
    long number;
    curl_off_t offset;
    void *pointer;
};

static struct option_value option_value(int option, va_list *arguments) {
    struct option_value value = {.type = POINTER_VALUE};
    if (option < CURLOPTTYPE_OBJECTPOINT) {
        value.type = LONG_VALUE;
        value.number = va_arg(*arguments, long);
    } else if (option >= CURLOPTTYPE_OFF_T && option < CURLOPTTYPE_BLOB) {
        value.type = OFF_T_VALUE;
        value.offset = va_arg(*arguments, curl_off_t);
    } else {
        value.pointer = va_arg(*arguments, void *);
    }
    return value;
}

// In a setopt: the value after `option` in its arguments.
#define READ_OPTION_VALUE(value, option)          \
    do {                                          \
        va_list arguments;                        \
        va_start(arguments, option);              \
        value = option_value(option, &arguments); \
        va_end(arguments);                        \
    } while (0)

// Calls `setopt` with `value` as the type it was read as.
#define PASS_OPTION_VALUE(setopt, handle, option, value)                    \
    ((value).type == LONG_VALUE    ? setopt(handle, option, (value).number) \
     : (value).type == OFF_T_VALUE ? setopt(handle, option, (value).offset) \
                                   : setopt(handle, option, (value).pointer))

// Parenthesised names: curl.h may define these three as type-checking macros.
HIDDEN CURLcode(curl_easy_setopt)(CURL *easy, CURLoption option, ...) {
    struct option_value value;
    READ_OPTION_VALUE(value, option);
    return loaded() ? PASS_OPTION_VALUE(api.easy_setopt, easy, option, value) : CURLE_FAILED_INIT;
}

HIDDEN CURLMcode(curl_multi_setopt)(CURLM *multi, CURLMoption option, ...) {
    struct option_value value;
    READ_OPTION_VALUE(value, option);
    return loaded() ? PASS_OPTION_VALUE(api.multi_setopt, multi, option, value) : CURLM_BAD_HANDLE;
}

// Every value asked for is written through a pointer.
HIDDEN CURLcode(curl_easy_getinfo)(CURL *easy, CURLINFO info, ...) {
    if (!loaded()) return CURLE_FAILED_INIT;
    va_list arguments;
    va_start(arguments, info);
    CURLcode code = api.easy_getinfo(easy, info, va_arg(arguments, void *));
    va_end(arguments);
    return code;
}

HIDDEN CURLcode curl_global_init(long flags) { return loaded() ? api.global_init(flags) : CURLE_FAILED_INIT; }
HIDDEN char *curl_version(void) { return loaded() ? api.version() : load_failure.message; }
HIDDEN curl_version_info_data *curl_version_info(CURLversion age) { return loaded() ? api.version_info(age) : NULL; }
HIDDEN void curl_free(void *pointer) { if (loaded()) api.free(pointer); }

HIDDEN CURLM *curl_multi_init(void) { return loaded() ? api.multi_init() : NULL; }
HIDDEN CURLMcode curl_multi_cleanup(CURLM *multi) { return loaded() ? api.multi_cleanup(multi) : CURLM_BAD_HANDLE; }
HIDDEN CURLMcode curl_multi_add_handle(CURLM *multi, CURL *easy) {
    return loaded() ? api.multi_add_handle(multi, easy) : CURLM_BAD_HANDLE;
}
HIDDEN CURLMcode curl_multi_remove_handle(CURLM *multi, CURL *easy) {
    return loaded() ? api.multi_remove_handle(multi, easy) : CURLM_BAD_HANDLE;
}
HIDDEN CURLMcode curl_multi_perform(CURLM *multi, int *running) {
    return loaded() ? api.multi_perform(multi, running) : CURLM_BAD_HANDLE;
}
HIDDEN CURLMcode curl_multi_poll(CURLM *multi, struct curl_waitfd extra[], unsigned int count, int timeout_ms,
                                 int *ready) {
    return loaded() ? api.multi_poll(multi, extra, count, timeout_ms, ready) : CURLM_BAD_HANDLE;
}
HIDDEN CURLMcode curl_multi_wakeup(CURLM *multi) { return loaded() ? api.multi_wakeup(multi) : CURLM_BAD_HANDLE; }
HIDDEN CURLMsg *curl_multi_info_read(CURLM *multi, int *queued) {
    return loaded() ? api.multi_info_read(multi, queued) : NULL;
}
HIDDEN const char *curl_multi_strerror(CURLMcode code) {
    return loaded() ? api.multi_strerror(code) : load_failure.message;
}
HIDDEN CURLMcode curl_multi_assign(CURLM *multi, curl_socket_t socket, void *data) {
    return loaded() ? api.multi_assign(multi, socket, data) : CURLM_BAD_HANDLE;
}
HIDDEN CURLMcode curl_multi_socket_action(CURLM *multi, curl_socket_t socket, int events, int *running) {
    return loaded() ? api.multi_socket_action(multi, socket, events, running) : CURLM_BAD_HANDLE;
}

HIDDEN CURL *curl_easy_init(void) { return loaded() ? api.easy_init() : NULL; }
HIDDEN void curl_easy_cleanup(CURL *easy) { if (loaded()) api.easy_cleanup(easy); }
HIDDEN CURLcode curl_easy_pause(CURL *easy, int bitmask) {
    return loaded() ? api.easy_pause(easy, bitmask) : CURLE_FAILED_INIT;
}
HIDDEN const char *curl_easy_strerror(CURLcode code) {
    return loaded() ? api.easy_strerror(code) : load_failure.message;
}
HIDDEN struct curl_slist *curl_slist_append(struct curl_slist *list, const char *line) {
    return loaded() ? api.slist_append(list, line) : NULL;
}
HIDDEN void curl_slist_free_all(struct curl_slist *list) { if (loaded()) api.slist_free_all(list); }

HIDDEN CURLU *curl_url(void) { return loaded() ? api.url() : NULL; }
HIDDEN void curl_url_cleanup(CURLU *url) { if (loaded()) api.url_cleanup(url); }
HIDDEN CURLUcode curl_url_set(CURLU *url, CURLUPart part, const char *content, unsigned int flags) {
    return loaded() ? api.url_set(url, part, content, flags) : CURLUE_BAD_HANDLE;
}
HIDDEN CURLUcode curl_url_get(CURLU *url, CURLUPart part, char **content, unsigned int flags) {
    return loaded() ? api.url_get(url, part, content, flags) : CURLUE_BAD_HANDLE;
}

CURLcode ccurl_setopt_long(CURL *easy, CURLoption option, long value) { return curl_easy_setopt(easy, option, value); }
CURLcode ccurl_setopt_ptr(CURL *easy, CURLoption option, void *value) { return curl_easy_setopt(easy, option, value); }
CURLcode ccurl_setopt_str(CURL *easy, CURLoption option, const char *value) {
    return curl_easy_setopt(easy, option, value);
}
CURLcode ccurl_setopt_off(CURL *easy, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(easy, option, value);
}
CURLcode ccurl_setopt_write(CURL *easy, size_t (*function)(char *, size_t, size_t, void *)) {
    return curl_easy_setopt(easy, CURLOPT_WRITEFUNCTION, function);
}
CURLcode ccurl_setopt_header(CURL *easy, size_t (*function)(char *, size_t, size_t, void *)) {
    return curl_easy_setopt(easy, CURLOPT_HEADERFUNCTION, function);
}
CURLcode ccurl_setopt_opensocket(CURL *easy, curl_socket_t (*function)(void *, curlsocktype, struct curl_sockaddr *)) {
    return curl_easy_setopt(easy, CURLOPT_OPENSOCKETFUNCTION, function);
}
CURLcode ccurl_getinfo_long(CURL *easy, CURLINFO info, long *value) { return curl_easy_getinfo(easy, info, value); }
CURLcode ccurl_getinfo_str(CURL *easy, CURLINFO info, char **value) { return curl_easy_getinfo(easy, info, value); }
CURLMcode ccurl_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
    return curl_multi_setopt(multi, option, value);
}
