# CTest registrations for a study's page, index.html: browser.sh runs a small default study and
# checks its page in headless Chromium, keeping the screenshot in build/artifacts/index.png
# (skipped without chromium, which scripts/bootstrap.sh installs).
add_test(NAME report.browser COMMAND bash ${CMAKE_SOURCE_DIR}/tests/report/browser.sh
         $<TARGET_FILE:collsim> ${CMAKE_SOURCE_DIR} ${CMAKE_BINARY_DIR}/artifacts)
set_tests_properties(report.browser PROPERTIES SKIP_RETURN_CODE 77)
