-- The README's Neovim 0.7 configuration (its Install section), run as a user's init.lua runs it:
-- neovim.test.ts writes the block to MCP_CATALOG_NVIM_CONFIG. Setting the buffer's filetype is
-- what Neovim's filetype detection does on opening mcp.json; the configuration's FileType
-- autocommand then starts `mcp-catalog-language-server` from PATH (the installed npm package).
local h = dofile(os.getenv('MCP_CATALOG_NVIM_DIR') .. '/helper.lua')

h.run(function()
  dofile(h.getenv('MCP_CATALOG_NVIM_CONFIG'))
  local bufnr = vim.api.nvim_get_current_buf()
  vim.api.nvim_buf_set_option(bufnr, 'filetype', 'json')

  local attached = vim.wait(h.timeout, function() return #vim.lsp.buf_get_clients(bufnr) > 0 end, 20)
  if not h.check('the configuration attaches a client named mcp-catalog to the JSON buffer', attached) then return end
  local names = {}
  for _, client in pairs(vim.lsp.buf_get_clients(bufnr)) do table.insert(names, client.name) end
  h.equal('one client, mcp-catalog', names, { 'mcp-catalog' })

  local timeout_line = h.line_of(bufnr, '"startup_timeout_sec": 4')
  h.expect(bufnr, function(d)
    for _, diagnostic in ipairs(d) do
      if diagnostic.code == 'timeout-range' and diagnostic.lnum == timeout_line then return true end
    end
    return false
  end, 'the planted timeout-range diagnostic arrives on its line')

  -- A second JSON buffer reuses the one client.
  vim.cmd('enew')
  vim.api.nvim_buf_set_option(0, 'filetype', 'json')
  h.equal('a second JSON buffer attaches the same client', #vim.lsp.get_active_clients(), 1)
end)
